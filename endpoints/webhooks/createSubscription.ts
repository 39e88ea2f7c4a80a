import { parseInput } from '@/http/parseInput'
import { createSubscription } from '@/webhooks/operations/createSubscription'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { requireConsumer } from './requireConsumer'
import { answeringUnknownEventTypes, unknownEventTypesResponse } from './unknownEventTypesResponse'
import {
  createSubscriptionInput,
  createSubscriptionOutput,
  type CreatedSubscription,
} from '@/webhooks/contracts/subscriptions'

export const createSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'createWebhookSubscription',
    summary: 'Subscribe to events',
    description:
      'For API consumers (a user token is 403). `events` lists event type names or `*`. The ' +
      'endpoint must resolve to a public address; its reachability is probed but never refused. ' +
      'A `webhook.test` event is queued for the new subscription. A consumer may have at most ' +
      '`WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER` subscriptions (100 unless the operator says ' +
      'otherwise), inactive ones included: one more is refused with 409 `conflict` until one ' +
      'is deleted.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    body: createSubscriptionInput,
    responses: {
      201: { description: 'Subscribed', schema: createSubscriptionOutput },
      422: unknownEventTypesResponse,
    },
    errors: ['forbidden', 'conflict'],
  },
  handler: (req) =>
    answeringUnknownEventTypes(async () => {
      const consumerId = requireConsumer(req)
      const input = parseInput(createSubscriptionInput, await readJsonBody(req))
      const { subscription, secret } = await createSubscription({
        req,
        consumerId,
        input: {
          endpointUrl: input.endpoint_url,
          events: input.events,
          description: input.description,
          headers: input.headers,
          timeoutSeconds: input.timeout_seconds,
          maxDeliveriesPerSecond: input.max_deliveries_per_second,
          filter: input.filter,
          ordered: input.ordered,
        },
      })
      const body: CreatedSubscription = {
        id: subscription.id,
        endpoint_url: subscription.endpointUrl,
        events: subscription.events as string[],
        secret,
        created_at: new Date(subscription.createdAt).toISOString(),
        test_sent: true,
      }
      return Response.json(body, { status: 201 })
    }),
})
