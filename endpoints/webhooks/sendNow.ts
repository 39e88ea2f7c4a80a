import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { sendNowOutput } from '@/webhooks/contracts/deliveries'
import { subscriptionIdParams } from '@/webhooks/contracts/subscriptions'
import { sendOldestNow } from '@/webhooks/operations/sendOldestNow'
import { requireConsumer, routeId } from './requireConsumer'
import { toDeliveryResource } from './resources'

export const sendNowEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/send-now',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'sendWebhookSubscriptionNow',
    summary: 'Send the oldest waiting delivery now',
    description:
      'For an endpoint that is backing off after failures (`backoff_until` in the future) and ' +
      'has been fixed: its delivery that has waited longest (pending, or failed and waiting ' +
      'for a retry) is sent within a second or two, without waiting for the back-off to end. ' +
      'A success ends the back-off and resets `failure_count`, and the other waiting ' +
      'deliveries follow; a failure starts a longer pause. 409 when nothing waits or the ' +
      'subscription is turned off (`is_active` false).',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    responses: { 202: { description: 'On its way', schema: sendNowOutput } },
    errors: ['forbidden', 'not_found', 'conflict'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const delivery = await sendOldestNow({ req, id: routeId(req) })
    return Response.json(
      { data: toDeliveryResource(delivery) } satisfies z.infer<typeof sendNowOutput>,
      { status: 202 },
    )
  },
})
