import { z } from 'zod'

import { InvalidWebhookSignature, verifyWebhookEvent } from '@/shop/stripe/stripeClient'
import { badRequest } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { defineEndpoint } from '@/http/defineEndpoint'
import { handleStripeEvent } from '@/shop/operations/handleStripeEvent'

/** `data.object` of the `checkout.session.*` events: the fields the operation reads. */
const checkoutSessionObject = z.looseObject({
  id: z.string().min(1),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  payment_status: z.string().nullish(),
})

const isCheckoutSessionEvent = (type: string) => type.startsWith('checkout.session.')

/**
 * A verified Stripe event, as far as this endpoint reads it: id, type and time, and for
 * `checkout.session.*` events the session's id, `metadata.orderId`, `payment_intent` and
 * `payment_status`. Other events are only recorded, whatever their object looks like.
 */
export const stripeWebhookInput = z.union([
  z.looseObject({
    id: z.string().min(1),
    type: z.string().refine(isCheckoutSessionEvent),
    created: z.number().int(),
    data: z.object({ object: checkoutSessionObject }),
  }),
  z.looseObject({
    id: z.string().min(1),
    type: z.string().refine((type) => !isCheckoutSessionEvent(type)),
    created: z.number().int(),
    data: z.object({ object: z.looseObject({}) }),
  }),
])

/** Every verified event, handled or not. */
export const stripeWebhookOutput = z.object({ received: z.literal(true) })

/**
 * `POST /api/orders/webhook/stripe`: Stripe's events, authenticated by the `Stripe-Signature`
 * header over the raw body (read as text, exactly as received: Payload hands custom endpoints
 * the unread request). 400 `{ error }` on a missing or invalid signature.
 */
export const stripeWebhookEndpoint = defineEndpoint({
  path: '/webhook/stripe',
  method: 'post',
  family: 'custom',
  access: 'anyone',
  openapi: {
    operationId: 'receiveStripeEvent',
    summary: "Stripe's webhook",
    description:
      'Called by Stripe, authenticated by `Stripe-Signature` over the raw body with ' +
      '`STRIPE_WEBHOOK_SECRET`. `checkout.session.completed` marks the order of ' +
      '`metadata.orderId` paid (idempotent on the event id, in any order); ' +
      '`checkout.session.expired` expires it and releases its stock; other events are recorded.',
    tags: ['Shop'],
    security: [],
    headers: z.object({
      'Stripe-Signature': z.string().describe("Stripe's `t=...,v1=...` signature of the raw body"),
    }),
    body: stripeWebhookInput,
    responses: { 200: { description: 'Received (handled or not)', schema: stripeWebhookOutput } },
    errors: ['internal_error'],
  },
  handler: async (req) => {
    const signature = req.headers.get('stripe-signature')
    if (!signature) throw badRequest('Missing Stripe-Signature header')
    const rawBody = req.text ? await req.text() : ''
    let event
    try {
      event = verifyWebhookEvent(rawBody, signature)
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) {
        throw badRequest(`Invalid Stripe signature: ${error.message}`)
      }
      throw error
    }
    parseInput(stripeWebhookInput, event)
    await handleStripeEvent({ req, event })
    const body: z.input<typeof stripeWebhookOutput> = { received: true }
    return Response.json(body)
  },
})
