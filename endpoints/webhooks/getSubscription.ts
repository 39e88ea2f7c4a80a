import { z } from 'zod'

import { findOwnSubscription } from '@/webhooks/operations/findOwnSubscription'
import { defineEndpoint } from '@/http/defineEndpoint'
import { subscriptionIdParams, subscriptionOutput } from '@/webhooks/contracts/subscriptions'
import { requireConsumer, routeId } from './requireConsumer'
import { toSubscriptionResource } from './resources'

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
    security: ['apiKey', 'portalSession'],
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
