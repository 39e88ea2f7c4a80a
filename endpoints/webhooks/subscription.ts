import { z } from 'zod'

import { parseInput } from '@/http/parseInput'
import { deleteSubscription } from '@/webhooks/operations/deleteSubscription'
import { findOwnSubscription } from '@/webhooks/operations/findOwnSubscription'
import { updateSubscription } from '@/webhooks/operations/updateSubscription'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'
import { subscriptionResource, toSubscriptionResource } from './resources'
import {
  endpointUrl,
  eventNames,
  extraHeaders,
  maxDeliveriesPerSecond,
  timeoutSeconds,
} from './subscriptions'
import { answeringUnknownEventTypes, unknownEventTypesResponse } from './unknownEventTypesResponse'

export const subscriptionOutput = z.object({ data: subscriptionResource })

/** `GET /webhooks/subscriptions/:id`: one of the caller's subscriptions (404 for others'). */
export const getSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'readWebhookSubscription',
    summary: 'Read a subscription',
    description: "Another consumer's subscription is 404.",
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    responses: { 200: { description: 'The subscription', schema: subscriptionOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const subscription = await findOwnSubscription(req, routeId(req))
    return Response.json({
      data: toSubscriptionResource(subscription),
    } satisfies z.infer<typeof subscriptionOutput>)
  },
})

/** Body of `PATCH /webhooks/subscriptions/:id`: any of these; anything else is a 400. */
export const updateSubscriptionInput = z.strictObject({
  endpoint_url: endpointUrl.optional(),
  events: eventNames.optional(),
  description: z.string().max(1000).nullable().optional(),
  headers: extraHeaders.optional(),
  timeout_seconds: timeoutSeconds.optional(),
  max_deliveries_per_second: maxDeliveriesPerSecond.optional(),
  is_active: z.boolean().optional(),
})

/** `PATCH /webhooks/subscriptions/:id`: changes the caller's subscription. */
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
      'disabled subscription and resets its `failure_count`.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    body: updateSubscriptionInput,
    bodyOptional: true,
    responses: {
      200: { description: 'The subscription as stored', schema: subscriptionOutput },
      422: unknownEventTypesResponse,
    },
    errors: ['forbidden', 'not_found'],
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
        changes: {
          endpointUrl: input.endpoint_url,
          events: input.events,
          description: input.description,
          headers: input.headers,
          timeoutSeconds: input.timeout_seconds,
          maxDeliveriesPerSecond: input.max_deliveries_per_second,
          isActive: input.is_active,
        },
      })
      return Response.json({ data: toSubscriptionResource(subscription) })
    }),
})

/** `DELETE /webhooks/subscriptions/:id`: deletes the caller's subscription and its log; 204. */
export const deleteSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id',
  method: 'delete',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'deleteWebhookSubscription',
    summary: 'Delete a subscription',
    description: 'Its delivery log goes with it.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    responses: { 204: { description: 'Deleted; no body' } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    await deleteSubscription({ req, id: routeId(req) })
    return new Response(null, { status: 204 })
  },
})
