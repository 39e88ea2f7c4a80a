import type Stripe from 'stripe'
import { z } from 'zod'

/**
 * The payment sandbox's model of a Checkout Session: the subset of Stripe's API that this
 * app uses (create with `price_data` lines, retrieve, expire, and the `completed` / `expired`
 * events), shaped as Stripe shapes it, so that the app's Stripe client and webhook handler
 * cannot tell the difference. Pure: ids and times are parameters.
 */

const minLifetimeSeconds = 30 * 60
const maxLifetimeSeconds = 24 * 60 * 60

const integerText = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a non-negative integer')
  .transform(Number)

/** `POST /v1/checkout/sessions` as the SDK form-encodes it, decoded into nested objects. */
const createParams = z.strictObject({
  mode: z.literal('payment', 'the payment sandbox supports mode=payment only'),
  line_items: z
    .array(
      z.strictObject({
        price_data: z.strictObject({
          currency: z.string().regex(/^[a-z]{3}$/, 'must be a three-letter ISO currency code'),
          unit_amount: integerText,
          product_data: z.strictObject({ name: z.string().min(1).max(500) }),
        }),
        quantity: integerText.pipe(z.number().min(1, 'must be at least 1')),
      }),
    )
    .min(1, 'at least one line item is required')
    .max(100),
  metadata: z.record(z.string().max(40), z.string().max(500)).optional(),
  customer_email: z.string().max(800).optional(),
  success_url: z.url().optional(),
  cancel_url: z.url().optional(),
  expires_at: integerText.optional(),
  allowed_payment_method_types: z.array(z.literal('card', 'the sandbox pays by card')).optional(),
  payment_method_types: z.array(z.literal('card', 'the sandbox pays by card')).optional(),
})

export type SandboxSessionParams = z.output<typeof createParams>

/** One line as the sandbox's payment page shows it. */
export type SandboxLine = {
  name: string
  /** Minor units (kopecks). */
  unitAmount: number
  quantity: number
}

/** Why Stripe would refuse the parameters: the parameter (bracket notation) and a message. */
export type ParamError = { param: string; message: string }

/** `line_items.0.quantity` as Stripe names it: `line_items[0][quantity]`. */
const stripeParamName = (path: PropertyKey[]) =>
  path.map((part, index) => (index === 0 ? String(part) : `[${String(part)}]`)).join('')

/**
 * Checks session parameters the way Stripe does for what this app sends: one currency, a
 * positive total, an `expires_at` 30 minutes to 24 hours after `now` (seconds).
 */
export function parseSessionParams(
  raw: unknown,
  now: number,
): { params: SandboxSessionParams } | { error: ParamError } {
  const parsed = createParams.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    if (issue.code === 'unrecognized_keys') {
      const param = stripeParamName([...issue.path, issue.keys[0]!])
      return { error: { param, message: `Received unknown parameter: ${param}` } }
    }
    const param = stripeParamName(issue.path) || '(body)'
    const message = `Invalid ${param}: ${issue.message}`
    return { error: { param, message } }
  }
  const params = parsed.data
  const currencies = new Set(params.line_items.map((line) => line.price_data.currency))
  if (currencies.size > 1) {
    return { error: { param: 'line_items', message: 'All line items must use the same currency' } }
  }
  if (params.expires_at !== undefined) {
    const lifetime = params.expires_at - now
    if (lifetime < minLifetimeSeconds || lifetime > maxLifetimeSeconds) {
      return {
        error: {
          param: 'expires_at',
          message:
            'The `expires_at` timestamp must be at least 30 minutes and at most 24 hours after the session is created',
        },
      }
    }
  }
  return { params }
}

/** The lines of a session, for its payment page. */
export const sessionLines = (params: SandboxSessionParams): SandboxLine[] =>
  params.line_items.map((line) => ({
    name: line.price_data.product_data.name,
    unitAmount: line.price_data.unit_amount,
    quantity: line.quantity,
  }))

/** A new, open session as Stripe answers its creation. */
export function newSession(args: {
  id: string
  params: SandboxSessionParams
  /** The payment page of this session. */
  url: string
  /** Seconds since the epoch. */
  now: number
}): Stripe.Checkout.Session {
  const { params, now } = args
  const total = sessionLines(params).reduce((sum, line) => sum + line.unitAmount * line.quantity, 0)
  return {
    id: args.id,
    object: 'checkout.session',
    url: args.url,
    mode: params.mode,
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    currency: params.line_items[0]!.price_data.currency,
    amount_subtotal: total,
    amount_total: total,
    customer_email: params.customer_email ?? null,
    metadata: params.metadata ?? {},
    success_url: params.success_url ?? null,
    cancel_url: params.cancel_url ?? null,
    created: now,
    expires_at: params.expires_at ?? now + maxLifetimeSeconds,
    livemode: false,
    payment_method_types: ['card'],
  } as unknown as Stripe.Checkout.Session
}

/** The session once paid: `complete`, `paid`, with its payment intent. */
export const completedSession = (
  session: Stripe.Checkout.Session,
  paymentIntent: string,
): Stripe.Checkout.Session => ({
  ...session,
  status: 'complete',
  payment_status: 'paid',
  payment_intent: paymentIntent,
  url: null,
})

/** The session once expired (it ran out, was expired through the API, or cancelled). */
export const expiredSession = (session: Stripe.Checkout.Session): Stripe.Checkout.Session => ({
  ...session,
  status: 'expired',
  url: null,
})

/** The event Stripe sends when a session completes or expires. */
export function sessionEvent(args: {
  id: string
  type: 'checkout.session.completed' | 'checkout.session.expired'
  session: Stripe.Checkout.Session
  /** Seconds since the epoch. */
  created: number
  apiVersion: string
}): Stripe.Event {
  return {
    id: args.id,
    object: 'event',
    api_version: args.apiVersion,
    created: args.created,
    data: { object: args.session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: args.type,
  } as unknown as Stripe.Event
}

/** Seconds to wait before attempt `attempt + 1` of an undelivered event (Stripe-like, shorter). */
export function eventRetryDelaySeconds(attempt: number): number {
  const schedule = [5, 30, 120, 600, 3600]
  return schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1]!
}
