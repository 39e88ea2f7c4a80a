import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
} from 'prom-client'

/** Where the process's one registry lives: Next's bundles and hot reloads all find the same. */
const slot = Symbol.for('content-shop.metrics')

/** What a checkout came to, as counted (src/shop/operations/checkout.ts). */
export const checkoutOutcomes = [
  'created',
  /** A product is unknown or not on sale. */
  'invalid_cart',
  /** Stock ran short, or a price changed, while the cart was checked out (409). */
  'conflict',
  /** Stripe could not open the payment session: the order was cancelled. */
  'provider_failure',
  'error',
] as const
export type CheckoutOutcome = (typeof checkoutOutcomes)[number]

/** What the answer cache did with a read (`src/answerCache`). */
export const answerCacheResults = ['hit', 'miss', 'bypass', 'eviction'] as const
export type AnswerCacheResult = (typeof answerCacheResults)[number]

/** Statuses of the deliveries still to be sent (the queue). */
const queueStatuses = ['pending', 'failed', 'delivering'] as const
const deliveryOutcomes = ['succeeded', 'failed', 'dead'] as const
const httpMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const counterWith = <Label extends string>(
    config: Omit<CounterConfiguration<Label>, 'registers'>,
    initial: Record<Label, string>[] = [],
  ) => {
    const counter = new Counter({ ...config, registers })
    // Every known series exists from the start (at 0), so a rate over it is never "no data".
    for (const labels of initial) counter.inc(labels as never, 0)
    return counter
  }
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route (the template, never the raw path) and status, with their duration',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    webhookDeliveries: counterWith(
      {
        name: 'webhook_deliveries_total',
        help: 'Webhook delivery attempts by outcome: succeeded, failed (a retry is scheduled) or dead (given up)',
        labelNames: ['outcome'] as const,
      },
      deliveryOutcomes.map((outcome) => ({ outcome })),
    ),
    webhookSendDuration: new Histogram({
      name: 'webhook_send_duration_seconds',
      help: 'Time of one webhook send, from the request to the end of the response (or the error)',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    webhookQueueDepth: new Gauge({
      name: 'webhook_queue_depth',
      help: 'Webhook deliveries still to be sent, by status (read from the database at scrape time)',
      labelNames: ['status'] as const,
      registers,
    }),
    webhookOldestDueAge: new Gauge({
      name: 'webhook_oldest_due_delivery_age_seconds',
      help: 'How long the oldest delivery a worker could send now has been due (0 when none is)',
      registers,
    }),
    webhookSubscriptionsDisabled: new Gauge({
      name: 'webhook_subscriptions_disabled',
      help: 'Subscriptions disabled after 100 failed attempts in a row and not enabled again',
      registers,
    }),
    checkouts: counterWith(
      {
        name: 'checkouts_total',
        help: 'Checkouts by outcome: created, invalid_cart, conflict, provider_failure, error',
        labelNames: ['outcome'] as const,
      },
      checkoutOutcomes.map((outcome) => ({ outcome })),
    ),
    emailsFailed: counterWith({
      name: 'emails_failed_total',
      help: 'E-mails the mail server (or transport) refused or could not take',
    }),
    answerCache: counterWith(
      {
        name: 'answer_cache_total',
        help: 'Content reads by what the answer cache did: hit (no query), miss (computed), bypass (a draft read, or the cache off or not listening), eviction (an answer pushed out to make room)',
        labelNames: ['result'] as const,
      },
      answerCacheResults.map((result) => ({ result })),
    ),
    answerCacheSize: new Gauge({
      name: 'answer_cache_entries',
      help: 'Answers the answer cache holds now',
      registers,
    }),
  }
}

type Metrics = ReturnType<typeof createMetrics>

/** The metrics of this process (web or worker), created on first use. */
export function metrics(): Metrics {
  const global = globalThis as typeof globalThis & { [slot]?: Metrics }
  global[slot] ??= createMetrics()
  return global[slot]
}

/** One finished HTTP request; `route` is a label from `routeLabeler`, never the raw path. */
export function observeHttpRequest(request: {
  method: string
  route: string
  status: number
  seconds: number
}) {
  const method = request.method.toUpperCase()
  metrics().httpRequestDuration.observe(
    {
      method: httpMethods.has(method) ? method : 'other',
      route: request.route,
      status: String(request.status),
    },
    request.seconds,
  )
}

/** One webhook send's outcome (a worker's `AttemptOutcome`). */
export function observeDeliveryOutcome(outcome: {
  status: (typeof deliveryOutcomes)[number]
  durationMs: number
}) {
  const { webhookDeliveries, webhookSendDuration } = metrics()
  webhookDeliveries.inc({ outcome: outcome.status })
  webhookSendDuration.observe(outcome.durationMs / 1000)
}

export const countCheckout = (outcome: CheckoutOutcome) => metrics().checkouts.inc({ outcome })

export const countEmailFailure = () => metrics().emailsFailed.inc()

/** One read the answer cache served, computed or let through, or one answer it pushed out. */
export const countAnswerCache = (result: AnswerCacheResult) => metrics().answerCache.inc({ result })

/** How many answers the answer caches of this process hold. */
export const setAnswerCacheSize = (entries: number) => metrics().answerCacheSize.set(entries)

/** What the database says about the webhook queue, read at scrape time. */
export type QueueGauges = {
  depth: Record<(typeof queueStatuses)[number], number>
  oldestDueAgeSeconds: number
  disabledSubscriptions: number
}

/** Sets the queue gauges; `undefined` (the database did not answer) shows them as NaN. */
export function setQueueGauges(gauges: QueueGauges | undefined) {
  const { webhookQueueDepth, webhookOldestDueAge, webhookSubscriptionsDisabled } = metrics()
  for (const status of queueStatuses) {
    webhookQueueDepth.set({ status }, gauges?.depth[status] ?? Number.NaN)
  }
  webhookOldestDueAge.set(gauges?.oldestDueAgeSeconds ?? Number.NaN)
  webhookSubscriptionsDisabled.set(gauges?.disabledSubscriptions ?? Number.NaN)
}

/** The content type of the exposition format (`text/plain; version=0.0.4`). */
export const metricsContentType = Registry.PROMETHEUS_CONTENT_TYPE

/** Every metric of this process in the Prometheus text exposition format. */
export const metricsText = () => metrics().registry.metrics()
