import { deleteSubscription } from '@/webhooks/operations/deleteSubscription'
import { defineEndpoint } from '@/http/defineEndpoint'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'

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
