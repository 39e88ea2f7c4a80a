import { deleteSubscription } from '@/webhooks/operations/deleteSubscription'
import { defineEndpoint } from '@/http/defineEndpoint'
import { unmodifiedSinceHeaders, unmodifiedSinceOf } from '@/http/preconditions'
import { subscriptionIdParams } from '@/webhooks/contracts/subscriptions'
import { requireConsumer, routeId } from './requireConsumer'

export const deleteSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id',
  method: 'delete',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'deleteWebhookSubscription',
    summary: 'Delete a subscription',
    description:
      'Its delivery log goes with it. With `If-Unmodified-Since`, a subscription changed since ' +
      'is not deleted: 412.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    headers: unmodifiedSinceHeaders,
    responses: { 204: { description: 'Deleted; no body' } },
    errors: ['forbidden', 'not_found', 'precondition_failed', 'bad_request'],
  },
  handler: async (req) => {
    requireConsumer(req)
    await deleteSubscription({
      req,
      id: routeId(req),
      unmodifiedSince: unmodifiedSinceOf(req.headers),
    })
    return new Response(null, { status: 204 })
  },
})
