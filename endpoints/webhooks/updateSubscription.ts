import { parseInput } from '@/http/parseInput'
import { updateSubscription } from '@/webhooks/operations/updateSubscription'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { unmodifiedSinceHeaders, unmodifiedSinceOf } from '@/http/preconditions'
import {
  subscriptionIdParams,
  subscriptionOutput,
  updateSubscriptionInput,
} from '@/webhooks/contracts/subscriptions'
import { requireConsumer, routeId } from './requireConsumer'
import { toSubscriptionResource } from './resources'
import { answeringUnknownEventTypes, unknownEventTypesResponse } from './unknownEventTypesResponse'

export const updateSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id',
  method: 'patch',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'updateWebhookSubscription',
    summary: 'Update a subscription',
    description:
      'Any of the fields below; others are a 400. Setting `is_active` to true re-enables a ' +
      'disabled subscription and resets its `failure_count`; while an administrator suspends the ' +
      'subscription (`suspension`), `is_active: true` is refused with 409 naming the suspension. With `If-Unmodified-Since` (the ' +
      "`updated_at` of the version you edited), a subscription changed since (another person's " +
      'save, the service disabling it) is left alone: 412.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    headers: unmodifiedSinceHeaders,
    body: updateSubscriptionInput,
    bodyOptional: true,
    responses: {
      200: { description: 'The subscription as stored', schema: subscriptionOutput },
      422: unknownEventTypesResponse,
    },
    errors: ['forbidden', 'not_found', 'conflict', 'precondition_failed', 'bad_request'],
  },
  handler: (req) =>
    answeringUnknownEventTypes(async () => {
      requireConsumer(req)
      // An empty body changes nothing; `null` or any other non-object is a 400.
      const body = await readJsonBody(req)
      const input = parseInput(updateSubscriptionInput, body === undefined ? {} : body)
      const subscription = await updateSubscription({
        req,
        id: routeId(req),
        unmodifiedSince: unmodifiedSinceOf(req.headers),
        changes: {
          endpointUrl: input.endpoint_url,
          events: input.events,
          description: input.description,
          headers: input.headers,
          timeoutSeconds: input.timeout_seconds,
          maxDeliveriesPerSecond: input.max_deliveries_per_second,
          isActive: input.is_active,
          filter: input.filter,
          ordered: input.ordered,
        },
      })
      return Response.json({ data: toSubscriptionResource(subscription) })
    }),
})
