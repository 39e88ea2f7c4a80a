import { z } from 'zod'

import { InvalidWebhookSignature, verifyWebhookEvent } from '@/checkout/stripeClient'
import { badRequest } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { defineEndpoint } from '../../../endpoints/http/defineEndpoint'
import { handleStripeEvent } from '../operations/handleStripeEvent'

/**
 * The parts of a Stripe event this endpoint reads (after the signature is verified): the
 * event's id and type, and for `checkout.session.*` the session's id, `metadata.orderId`,
 * `payment_intent` and `payment_status`.
 */
export const stripeWebhookInput = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({
    object: z.looseObject({
      id: z.string().optional(),
      metadata: z.record(z.string(), z.string()).nullish(),
      payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
      payment_status: z.string().nullish(),
    }),
  }),
})

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
