import { z } from 'zod'

import { parseInput } from '@/http/parseInput'
import { retryDeliveryInput, retryDeliveryOutput } from '@/webhooks/contracts/deliveries'
import { retryDelivery } from '@/webhooks/operations/retryDelivery'
import { defineEndpoint } from '@/http/defineEndpoint'
import { requireConsumer, routeId } from './requireConsumer'
import { toDeliveryResource } from './resources'

export const retryDeliveryEndpoint = defineEndpoint({
  path: '/webhooks/deliveries/:id/retry',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again now',
    description:
      "One of the caller's deliveries, sent within a second or two whatever its endpoint's " +
      'back-off (while it backs off, as its one probe: a success ends the back-off and resets ' +
      '`failure_count`). 409 while it is being sent, or when the subscription is turned off ' +
      '(`is_active` false).',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: retryDeliveryInput,
    responses: { 202: { description: 'Due again at once', schema: retryDeliveryOutput } },
    errors: ['forbidden', 'validation_failed', 'not_found', 'conflict'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const { id } = parseInput(retryDeliveryInput, { id: routeId(req) })
    const delivery = await retryDelivery({ req, id })
    return Response.json(
      { data: toDeliveryResource(delivery) } satisfies z.infer<typeof retryDeliveryOutput>,
      { status: 202 },
    )
  },
})
