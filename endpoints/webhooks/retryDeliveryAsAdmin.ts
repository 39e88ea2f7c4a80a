import { z } from 'zod'

import { parseInput } from '@/http/parseInput'
import {
  retryDeliveryAsAdminInput,
  retryDeliveryAsAdminOutput,
} from '@/webhooks/contracts/deliveries'
import { retryDelivery } from '@/webhooks/operations/retryDelivery'
import { defineEndpoint } from '@/http/defineEndpoint'

export const retryDeliveryAsAdminEndpoint = defineEndpoint({
  path: '/:id/retry',
  method: 'post',
  family: 'resource',
  access: 'admin',
  openapi: {
    operationId: 'retryDeliveryAsAdmin',
    summary: 'Retry a delivery now (admin panel)',
    description:
      'The admin panel\'s "Retry now": the delivery is sent within a second or two, whatever ' +
      "its endpoint's back-off; 409 while it is being sent or when its subscription is turned " +
      'off. Consumers use ' +
      '`POST /webhooks/deliveries/{id}/retry`.',
    tags: ['Administration'],
    params: retryDeliveryAsAdminInput,
    responses: { 202: { description: 'Queued again', schema: retryDeliveryAsAdminOutput } },
    errors: ['validation_failed', 'not_found', 'conflict'],
  },
  handler: async (req) => {
    const { id } = parseInput(retryDeliveryAsAdminInput, { id: req.routeParams?.id })
    const delivery = await retryDelivery({ req, id })
    return Response.json(
      { data: { id: delivery.id, status: delivery.status } } satisfies z.infer<
        typeof retryDeliveryAsAdminOutput
      >,
      { status: 202 },
    )
  },
})
