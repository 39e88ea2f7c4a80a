import { z } from 'zod'

import { rotateSecret } from '@/webhooks/operations/rotateSecret'
import { sendTestEvent } from '@/webhooks/operations/sendTestEvent'
import { defineEndpoint } from '@/http/defineEndpoint'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'

export const testSubscriptionOutput = z.object({
  data: z.object({ delivery_id: z.number().int(), event_id: z.uuid() }),
})

/** `POST /webhooks/subscriptions/:id/test`: queues a `webhook.test` event for this subscription only. */
export const testSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/test',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'testWebhookSubscription',
    summary: 'Send a test event',
    description: 'Queues a `webhook.test` delivery to this subscription only.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    responses: { 201: { description: 'Queued', schema: testSubscriptionOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const queued = await sendTestEvent({ req, id: routeId(req) })
    return Response.json(
      {
        data: { delivery_id: queued.deliveryId, event_id: queued.eventId },
      } satisfies z.infer<typeof testSubscriptionOutput>,
      { status: 201 },
    )
  },
})

/** Answer of the rotation: the new secret, when the previous one stops signing, and why. */
export const rotateSecretOutput = z.object({
  secret: z.string().describe('The new signing secret: shown only here'),
  valid_until: z.iso.datetime().describe('Until when the previous secret also signs (10 minutes)'),
  note: z.string(),
})

/**
 * `POST /webhooks/subscriptions/:id/rotate-secret`: a new secret; the previous one keeps
 * signing, second, until `valid_until`.
 */
export const rotateSecretEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/rotate-secret',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      "A new secret; for 10 minutes deliveries carry two signatures, the new secret's first, " +
      'then only the new one.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    responses: { 200: { description: 'The new secret', schema: rotateSecretOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const { secret, validUntil } = await rotateSecret({ req, id: routeId(req) })
    const body: z.infer<typeof rotateSecretOutput> = {
      secret,
      valid_until: validUntil.toISOString(),
      note:
        'Deliveries carry signatures with both the new and the previous secret (new first) until ' +
        'valid_until; after that only the new secret signs. Store this secret now: it is not shown again.',
    }
    return Response.json(body)
  },
})
