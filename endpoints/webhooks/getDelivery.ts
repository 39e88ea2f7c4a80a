import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { getDeliveryOutput, getDeliveryParams } from '@/webhooks/contracts/deliveries'
import { findOwnDelivery } from '@/webhooks/operations/findOwnDelivery'
import { requireConsumer, routeId } from './requireConsumer'
import { toDeliveryResource } from './resources'

export const getDeliveryEndpoint = defineEndpoint({
  path: '/webhooks/deliveries/:id',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'readWebhookDelivery',
    summary: 'Read a delivery',
    description:
      'One of your deliveries as the delivery log shows it, plus `request_body`: the exact JSON ' +
      "text each attempt sends (it verifies with an attempt's `webhook-id`, `webhook-timestamp` " +
      "and `webhook-signature`, from its `request_headers`). Another consumer's delivery is 404.",
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: getDeliveryParams,
    responses: { 200: { description: 'The delivery', schema: getDeliveryOutput } },
    errors: ['forbidden', 'validation_failed', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const { id } = parseInput(getDeliveryParams, { id: routeId(req) })
    const { delivery, requestBody } = await findOwnDelivery(req, id)
    return Response.json({
      data: { ...toDeliveryResource(delivery), request_body: requestBody },
    } satisfies z.infer<typeof getDeliveryOutput>)
  },
})
