import { z } from 'zod'

import {
  InvalidWebhookSignature,
  verifyWebhookEvent,
  WebhookBodyNotJson,
  webhookToleranceSeconds,
  type Stripe,
} from '@/shop/stripe/stripeClient'
import { badRequest } from '@/http/errors'
import { findNul } from '@/http/requestBody'
import { defineEndpoint } from '@/http/defineEndpoint'
import { handleStripeEvent } from '@/shop/operations/handleStripeEvent'
import { asSystem } from '@/runtime/systemActor'
import { configOf } from '@/config/appConfig'
import {
  checkoutSessionEvent,
  isCheckoutSessionEvent,
  otherEvent,
  stripeWebhookInput,
  stripeWebhookOutput,
} from '@/shop/contracts/stripeWebhook'

/** Why a verified body is not an event this endpoint reads, for the log (by its `type`). */
function whyNotUnderstood(event: unknown): string {
  const type = event && typeof event === 'object' ? (event as { type?: unknown }).type : undefined
  const schema =
    typeof type === 'string' && !isCheckoutSessionEvent(type) ? otherEvent : checkoutSessionEvent
  const result = schema.safeParse(event)
  return result.success
    ? 'not an object of either form'
    : result.error.issues
        .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
        .join('; ')
}

export const stripeWebhookEndpoint = defineEndpoint({
  path: '/webhook/stripe',
  method: 'post',
  family: 'custom',
  access: 'anyone',
  // Stripe behind one proxy, or in a burst of events, is never refused; forgers are, per address.
  rateLimit: 'bad_signatures',
  countsOnlyRefusals: true,
  openapi: {
    operationId: 'receiveStripeEvent',
    summary: "Stripe's webhook",
    description:
      'Called by Stripe, authenticated by `Stripe-Signature` over the raw body with ' +
      '`STRIPE_WEBHOOK_SECRET`. `checkout.session.completed` marks the order of ' +
      '`metadata.orderId` paid (idempotent on the event id, in any order); ' +
      '`checkout.session.expired` expires it and releases its stock; other events are recorded. ' +
      'Every verified JSON body is answered 200 `{ received: true }`, also one this service ' +
      'does not understand (it is logged), so that Stripe stops retrying it. 400 `{ error }`: ' +
      'no or an invalid signature, a signature timestamp more than ' +
      `${webhookToleranceSeconds} s before or after the server's clock, or a signed body that ` +
      'is not JSON. Signed calls count no rate limit; calls refused with 400 count against ' +
      '`RATE_LIMIT_BAD_SIGNATURES` per address and past it are answered 429.',
    tags: ['Shop'],
    security: [],
    headers: z.object({
      'Stripe-Signature': z
        .string()
        .regex(/^t=\d+(?:,v[01]=[0-9a-f]+)+$/, 'must be t=<seconds>,v1=<hex>')
        .describe(
          "Stripe's `t=<unix seconds>,v1=<hex HMAC-SHA256>` signature of the raw body; `t` within " +
            `${webhookToleranceSeconds} s of the server's clock, either way`,
        ),
    }),
    body: stripeWebhookInput,
    responses: { 200: { description: 'Received (handled or not)', schema: stripeWebhookOutput } },
    errors: ['internal_error'],
  },
  handler: async (req) => {
    const signature = req.headers.get('stripe-signature')
    if (!signature) throw badRequest('Missing Stripe-Signature header')
    // The signed bytes as received: Payload hands custom endpoints the unread request.
    const rawBody = req.text ? await req.text() : ''
    let event: unknown
    try {
      event = verifyWebhookEvent(configOf(req.payload), rawBody, signature)
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) {
        throw badRequest(`Invalid Stripe signature: ${error.message}`)
      }
      if (error instanceof WebhookBodyNotJson) throw badRequest(error.message)
      throw error
    }
    const understood = stripeWebhookInput.safeParse(event)
    // PostgreSQL cannot store a NUL: such an event (Stripe sends none) is no order's business,
    // and a 400 would have Stripe retry it for days.
    const nulAt = findNul(event)
    if (understood.success && nulAt === undefined) {
      // The audit trail records what Stripe's event changes (an order paid) as the system's.
      await asSystem('Stripe webhook', () =>
        handleStripeEvent({ req, event: event as Stripe.Event }),
      )
    } else {
      const why =
        nulAt === undefined ? whyNotUnderstood(event) : `${nulAt || '(body)'} holds a NUL character`
      req.payload.logger.warn({
        msg: `Stripe event ${describeEvent(event)} not understood; answered 200 and ignored: ${why}`,
      })
    }
    const body: z.input<typeof stripeWebhookOutput> = { received: true }
    return Response.json(body)
  },
})

/** `evt_... (type)` of a verified body, as far as it says. */
function describeEvent(event: unknown): string {
  const { id, type } = (event && typeof event === 'object' ? event : {}) as Record<string, unknown>
  return `${typeof id === 'string' ? id : '(no id)'} (${typeof type === 'string' ? type : 'no type'})`
}
