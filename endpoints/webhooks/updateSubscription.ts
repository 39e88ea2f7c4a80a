import { z } from 'zod'

import { parseInput } from '@/http/parseInput'
import { updateSubscription } from '@/webhooks/operations/updateSubscription'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { unmodifiedSinceHeaders, unmodifiedSinceOf } from '@/http/preconditions'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'
import { toSubscriptionResource } from './resources'
import {
  endpointUrl,
  eventNames,
  extraHeaders,
  maxDeliveriesPerSecond,
  timeoutSeconds,
  eventFilter,
  orderedDelivery,
} from './subscriptionFields'
import { answeringUnknownEventTypes, unknownEventTypesResponse } from './unknownEventTypesResponse'
import { subscriptionOutput } from './getSubscription'

/** Body of `PATCH /webhooks/subscriptions/:id`: any of these; anything else is a 400. */
export const updateSubscriptionInput = z.strictObject({
  endpoint_url: endpointUrl.optional(),
  events: eventNames.optional(),
  description: z.string().max(1000).nullable().optional(),
  headers: extraHeaders.optional(),
  timeout_seconds: timeoutSeconds.optional(),
  max_deliveries_per_second: maxDeliveriesPerSecond.optional(),
  is_active: z.boolean().optional(),
  filter: eventFilter.optional(),
  ordered: orderedDelivery.optional(),
})

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
      'disabled subscription and resets its `failure_count`. With `If-Unmodified-Since` (the ' +
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
    errors: ['forbidden', 'not_found', 'precondition_failed', 'bad_request'],
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
