import { z } from 'zod'

/** `data.object` of the `checkout.session.*` events: the fields the operation reads. */
const checkoutSessionObject = z.looseObject({
  id: z.string().min(1),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  payment_status: z.string().nullish(),
})

const checkoutSessionPrefix = 'checkout.session.'
/** Whether `type` names a `checkout.session.*` event. */
export const isCheckoutSessionEvent = (type: string) => type.startsWith(checkoutSessionPrefix)
/** The same test as a pattern, for the reference (a refinement does not show there). */
const checkoutSessionType = { pattern: `^${checkoutSessionPrefix.replaceAll('.', '\\.')}` }

/**
 * A verified Stripe event, as far as this endpoint reads it: id, type and time, and for
 * `checkout.session.*` events the session's id, `metadata.orderId`, `payment_intent` and
 * `payment_status`. Other events are only recorded, whatever their object looks like. A verified
 * body that does not fit is logged as not understood and answered 200 all the same, so that
 * Stripe does not retry it for days.
 */
export const checkoutSessionEvent = z.looseObject({
  id: z.string().min(1),
  type: z
    .string()
    .refine((type) => isCheckoutSessionEvent(type) && !type.includes('\u0000'))
    .meta(checkoutSessionType),
  created: z.number().int(),
  data: z.object({ object: checkoutSessionObject }),
})
/** A NUL, which no event's type holds (PostgreSQL cannot store it). */
const nulPattern = { pattern: '\\u0000' }
/** Any other verified event: only recorded. */
export const otherEvent = z.looseObject({
  id: z.string().min(1),
  type: z
    .string()
    .refine((type) => !isCheckoutSessionEvent(type) && !type.includes('\u0000'))
    // The input layer's NUL exclusion said beside this schema's own (one `not` holds both).
    .meta({ override: { not: { anyOf: [checkoutSessionType, nulPattern] } } }),
  created: z.number().int(),
  data: z.object({ object: z.looseObject({}) }),
})
/** Body of `POST /api/orders/webhook/stripe`: a verified Stripe event of either form. */
export const stripeWebhookInput = z.union([checkoutSessionEvent, otherEvent])

/** Every verified event, handled or not. */
export const stripeWebhookOutput = z.object({ received: z.literal(true) })
