import { sendTestEvent } from '@/webhooks/operations/sendTestEvent'
import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import {
  subscriptionIdParams,
  testSubscriptionInput,
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
      'Sends a test delivery to this subscription only, within a second or two whatever the ' +
      "endpoint's back-off (a success ends it): a `webhook.test`, or with `event_type` the " +
      "example `data` of that type (the catalogue's made-up values, never a real record), for " +
      'any active type whether or not the subscription lists it. Signed like every delivery ' +
      'and marked as a test: `"test": true` in the body (signed) and the header ' +
      '`webhook-test: true`. 422 naming `event_type` when it is unknown or inactive; 409 when ' +
      'the subscription is turned off (`is_active` false).',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    body: testSubscriptionInput,
    bodyOptional: true,
    responses: { 201: { description: 'Queued', schema: testSubscriptionOutput } },
    errors: ['forbidden', 'not_found', 'conflict', 'unprocessable_entity'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const input = parseInput(testSubscriptionInput, (await readJsonBody(req)) ?? {})
    const queued = await sendTestEvent({ req, id: routeId(req), eventType: input.event_type })
    return Response.json(
      {
        data: { delivery_id: queued.deliveryId, event_id: queued.eventId },
      } satisfies QueuedTest,
      { status: 201 },
    )
  },
})
