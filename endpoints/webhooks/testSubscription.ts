import { sendTestEvent } from '@/webhooks/operations/sendTestEvent'
import { defineEndpoint } from '@/http/defineEndpoint'
import {
  subscriptionIdParams,
  testSubscriptionOutput,
  type QueuedTest,
} from '@/webhooks/contracts/subscriptions'
import { requireConsumer, routeId } from './requireConsumer'

export const testSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/test',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'testWebhookSubscription',
    summary: 'Send a test event',
    description:
      'Sends a `webhook.test` delivery to this subscription only, within a second or two ' +
      "whatever the endpoint's back-off (a success ends it). 409 when the subscription is " +
      'turned off (`is_active` false).',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    responses: { 201: { description: 'Queued', schema: testSubscriptionOutput } },
    errors: ['forbidden', 'not_found', 'conflict'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const queued = await sendTestEvent({ req, id: routeId(req) })
    return Response.json(
      {
        data: { delivery_id: queued.deliveryId, event_id: queued.eventId },
      } satisfies QueuedTest,
      { status: 201 },
    )
  },
})
