import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import qs from 'qs'
import Stripe from 'stripe'

/** One request the app made to the fake, as it arrived. */
export type RecordedStripeRequest = {
  method: string
  path: string
  /** Lower-case header names. */
  headers: Record<string, string>
  /** The form-encoded body exactly as sent. */
  rawBody: string
  /** Each `key=value` pair of the body, decoded, keys as Stripe encodes them (`a[0][b]`). */
  form: Record<string, string>
  /** The body decoded into nested objects, as Stripe reads it. */
  params: Record<string, any>
}

/** How the fake answers session creation. */
export type FakeStripeMode = 'ok' | 'api_error' | 'invalid_request'

/** A payment the fake took: a completed session's payment intent, and what it charged. */
type FakePayment = { id: string; amount: number; currency: string; chargeId: string }

/** Where the fake sends the events Stripe would send (a test signs and posts them). */
export type FakeEventSink = (event: Stripe.Event) => Promise<unknown>

/**
 * A small stand-in for Stripe's HTTP API on loopback: `POST /v1/checkout/sessions` answers a
 * `checkout.session` object as Stripe does (and replays the same answer for a repeated
 * `Idempotency-Key`); `GET /v1/checkout/sessions/:id` answers a session it made (404
 * `resource_missing` otherwise) and `POST /v1/checkout/sessions/:id/expire` expires an open one
 * (400 for any other status, as Stripe does); every request is recorded. A test moves a session
 * as a customer or Stripe would with `completeSession` and `expireSession`. Point the app at it
 * with `STRIPE_API_BASE`.
 */
export async function startFakeStripe() {
  const requests: RecordedStripeRequest[] = []
  const sessions = new Map<string, Stripe.Checkout.Session>()
  const byIdempotencyKey = new Map<string, Stripe.Checkout.Session>()
  let mode: FakeStripeMode = 'ok'
  const payments = new Map<string, FakePayment>()
  const refunds = new Map<string, Stripe.Refund>()
  const refundsByKey = new Map<string, Stripe.Refund>()
  const events: Stripe.Event[] = []
  let eventSink: FakeEventSink | undefined
  let refundStatusOnCreate: 'succeeded' | 'pending' = 'succeeded'
  let sending = Promise.resolve()

  const refundedOf = (paymentIntent: string) =>
    [...refunds.values()]
      .filter(
        (r) =>
          r.payment_intent === paymentIntent && r.status !== 'failed' && r.status !== 'canceled',
      )
      .reduce((sum, r) => sum + r.amount, 0)

  /** Records an event as Stripe would emit it, and sends it to the sink after the answer. */
  const emit = (type: string, object: object) => {
    const event = stripeEvent(type, structuredClone(object)) as unknown as Stripe.Event
    events.push(event)
    const sink = eventSink
    if (sink)
      sending = sending
        .then(() => new Promise((r) => setImmediate(r)))
        .then(() => sink(event))
        .then(() => {})
    return event
  }

  const chargeOf = (payment: FakePayment) => ({
    id: payment.chargeId,
    object: 'charge',
    amount: payment.amount,
    amount_refunded: refundedOf(payment.id),
    currency: payment.currency,
    payment_intent: payment.id,
    refunded: refundedOf(payment.id) >= payment.amount,
    created: Math.floor(Date.now() / 1000),
  })

  /** Makes a refund as Stripe does (its API or its dashboard), and emits its events. */
  const makeRefund = (params: {
    payment_intent?: string
    amount?: string | number
    metadata?: Record<string, string>
  }) => {
    const payment = params.payment_intent ? payments.get(params.payment_intent) : undefined
    if (!payment) {
      return {
        error: {
          status: 404,
          message: `No such payment_intent: '${params.payment_intent}'`,
          code: 'resource_missing',
        },
      }
    }
    const left = payment.amount - refundedOf(payment.id)
    const amount = params.amount === undefined ? left : Number(params.amount)
    if (left <= 0) {
      return {
        error: {
          status: 400,
          message: `Charge ${payment.chargeId} has already been refunded.`,
          code: 'charge_already_refunded',
        },
      }
    }
    if (!(amount > 0) || amount > left) {
      return {
        error: {
          status: 400,
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          code: 'amount_too_large',
        },
      }
    }
    const refund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: payment.currency,
      charge: payment.chargeId,
      payment_intent: payment.id,
      status: refundStatusOnCreate,
      reason: null,
      failure_reason: null,
      metadata: params.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    } as unknown as Stripe.Refund
    refunds.set(refund.id, refund)
    emit('refund.created', refund)
    emit('charge.refunded', chargeOf(payment))
    return { refund }
  }

  const server = createServer(async (request, response) => {
    const rawBody = await readBody(request)
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    )
    const recorded: RecordedStripeRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers,
      rawBody,
      form: Object.fromEntries(new URLSearchParams(rawBody)),
      params: qs.parse(rawBody, { depth: 10, arrayLimit: 100 }),
    }
    requests.push(recorded)

    if (!headers.authorization?.startsWith('Bearer sk_')) {
      return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided')
    }
    const url = new URL(request.url ?? '/', 'http://fake')
    const path = url.pathname
    if (path === '/v1/refunds' && request.method === 'GET') {
      const paymentIntent = url.searchParams.get('payment_intent')
      const data = [...refunds.values()]
        .filter((r) => !paymentIntent || r.payment_intent === paymentIntent)
        .reverse()
      return json(response, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' })
    }
    if (path === '/v1/refunds' && request.method === 'POST') {
      if (mode === 'api_error') {
        return stripeError(response, 500, 'api_error', 'Something went wrong on Stripe’s end')
      }
      const key = headers['idempotency-key']
      const replay = key ? refundsByKey.get(key) : undefined
      if (replay) return json(response, 200, replay, { 'idempotent-replayed': 'true' })
      const made = makeRefund(recorded.params)
      if (made.error) {
        const { status, message, code } = made.error
        return stripeError(response, status, 'invalid_request_error', message, { code })
      }
      if (key) refundsByKey.set(key, made.refund)
      return json(response, 200, made.refund)
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path)
    if (sessionPath) {
      const [, id = '', expire] = sessionPath
      const session = sessions.get(decodeURIComponent(id))
      const isRetrieve = request.method === 'GET' && !expire
      if (!isRetrieve && !(request.method === 'POST' && expire)) {
        return stripeError(response, 404, 'invalid_request_error', 'Unrecognized request URL')
      }
      if (!session) {
        return stripeError(
          response,
          404,
          'invalid_request_error',
          `No such checkout.session: '${id}'`,
          { code: 'resource_missing', param: 'session' },
        )
      }
      if (isRetrieve) return json(response, 200, session)
      if (session.status !== 'open') {
        return stripeError(
          response,
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
        )
      }
      session.status = 'expired'
      session.url = null
      return json(response, 200, session)
    }
    if (request.method !== 'POST' || path !== '/v1/checkout/sessions') {
      return stripeError(response, 404, 'invalid_request_error', 'Unrecognized request URL')
    }
    if (mode === 'api_error') {
      return stripeError(response, 500, 'api_error', 'Something went wrong on Stripe’s end')
    }
    if (mode === 'invalid_request') {
      return stripeError(response, 400, 'invalid_request_error', 'Invalid expires_at')
    }
    const key = headers['idempotency-key']
    const replay = key ? byIdempotencyKey.get(key) : undefined
    if (replay) return json(response, 200, replay, { 'idempotent-replayed': 'true' })
    const session = checkoutSession(recorded.params)
    sessions.set(session.id, session)
    if (key) byIdempotencyKey.set(key, session)
    return json(response, 200, session)
  })
  const sessionOf = (id: string) => {
    const session = sessions.get(id)
    if (!session) throw new Error(`The fake Stripe made no session ${id}`)
    return session
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    /** The value for `STRIPE_API_BASE`. */
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    /** Session-creation requests, in order. */
    sessionRequests: () => requests.filter((r) => r.path === '/v1/checkout/sessions'),
    /** Requests about one session (retrieve, expire), in order. */
    requestsFor: (sessionId: string) =>
      requests.filter((r) => r.path.startsWith(`/v1/checkout/sessions/${sessionId}`)),
    /** The customer paid: the session is `complete` and `paid`, with a payment intent. */
    completeSession: (
      sessionId: string,
      paymentIntent = `pi_${randomBytes(12).toString('hex')}`,
    ) => {
      const session = sessionOf(sessionId)
      payments.set(paymentIntent, {
        id: paymentIntent,
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'rub',
        chargeId: `ch_${randomBytes(12).toString('hex')}`,
      })
      return Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntent,
        url: null,
      })
    },
    /** Every event the fake emitted, oldest first. */
    events,
    /** The refunds the fake made, by id. */
    refunds,
    /** Sends every event from now on to `sink` (in order, each after the answer that caused it). */
    sendEventsTo: (sink: FakeEventSink | undefined) => {
      eventSink = sink
    },
    /** Waits until every event emitted so far has been sent to the sink. */
    eventsSent: () => sending,
    /** The status a refund is made with (`succeeded` as in test mode, or `pending`). */
    setRefundStatusOnCreate: (status: 'succeeded' | 'pending') => {
      refundStatusOnCreate = status
    },
    /** Someone refunds the payment in Stripe's dashboard: no request of the app's. */
    dashboardRefund: (paymentIntent: string, amount?: number) => {
      const made = makeRefund({ payment_intent: paymentIntent, amount })
      if (made.error) throw new Error(made.error.message)
      return made.refund
    },
    /** A pending (or succeeded) refund settles: `refund.updated`, and `refund.failed` when it failed. */
    settleRefund: (refundId: string, status: 'succeeded' | 'failed') => {
      const refund = refunds.get(refundId)
      if (!refund) throw new Error(`The fake Stripe made no refund ${refundId}`)
      Object.assign(refund, {
        status,
        failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null,
      })
      emit('refund.updated', refund)
      if (status === 'failed') emit('refund.failed', refund)
      return refund
    },
    /** Stripe expired the session itself (its `expires_at` passed). */
    expireSession: (sessionId: string) =>
      Object.assign(sessionOf(sessionId), { status: 'expired', url: null }),
    setMode: (next: FakeStripeMode) => {
      mode = next
    },
    reset: () => {
      requests.length = 0
      mode = 'ok'
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

function checkoutSession(params: Record<string, any>): Stripe.Checkout.Session {
  const id = `cs_test_${randomBytes(12).toString('hex')}`
  const lines: { price_data: { unit_amount: string }; quantity: string }[] = params.line_items ?? []
  const amountTotal = lines.reduce(
    (sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity),
    0,
  )
  return {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.com/c/pay/${id}`,
    mode: params.mode,
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    currency: params.line_items?.[0]?.price_data?.currency ?? null,
    amount_total: amountTotal,
    amount_subtotal: amountTotal,
    customer_email: params.customer_email ?? null,
    metadata: params.metadata ?? {},
    success_url: params.success_url ?? null,
    cancel_url: params.cancel_url ?? null,
    expires_at: Number(params.expires_at),
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  } as unknown as Stripe.Checkout.Session
}

/**
 * A `checkout.session.completed` or `.expired` event for a session of the fake (or any
 * session-like object), shaped as Stripe delivers it.
 */
export function checkoutSessionEvent(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: Partial<Stripe.Checkout.Session> & { id: string },
  overrides: { eventId?: string; paymentIntent?: string } = {},
) {
  const isCompleted = type === 'checkout.session.completed'
  return stripeEvent(
    type,
    {
      ...session,
      object: 'checkout.session',
      status: isCompleted ? 'complete' : 'expired',
      payment_status: isCompleted ? 'paid' : 'unpaid',
      payment_intent: isCompleted
        ? (overrides.paymentIntent ?? `pi_${randomBytes(12).toString('hex')}`)
        : null,
    },
    overrides.eventId,
  )
}

/** An event about `object`, in the envelope Stripe delivers events in. */
function stripeEvent<T extends object>(type: string, object: T, id?: string) {
  return {
    id: id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }
}

/** The body and `Stripe-Signature` header Stripe would send for `event`. */
export function signedWebhook(event: object, secret: string) {
  const payload = JSON.stringify(event, null, 2)
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
  return { payload, signature }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  })
  response.end(JSON.stringify(body))
}

function stripeError(
  response: ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: { code?: string; param?: string } = {},
) {
  // Stripe tells clients whether a retry could help; its 500s are not retried with the same key.
  json(response, status, { error: { type, message, ...extra } }, { 'stripe-should-retry': 'false' })
}
