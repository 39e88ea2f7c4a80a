import { z } from 'zod'

import { parseInput } from '@/http/parseInput'
import { retryDelivery } from '../../webhooks/operations/retryDelivery'
import { defineEndpoint } from '../../endpoints/http/defineEndpoint'

/** Path parameter: the delivery id. */
export const retryDeliveryAdminInput = z.object({ id: z.coerce.number().int().positive() })

/**
 * `POST /api/webhook-deliveries/:id/retry`: the admin panel's "Retry now" (admins only):
 * the delivery is due again at once; 409 while it is being sent.
 */
export const retryDeliveryAdminEndpoint = defineEndpoint({
  path: '/:id/retry',
  method: 'post',
  family: 'resource',
  access: 'admin',
  handler: async (req) => {
    const { id } = parseInput(retryDeliveryAdminInput, { id: req.routeParams?.id })
    const delivery = await retryDelivery({ req, id })
    return Response.json({ data: { id: delivery.id, status: delivery.status } }, { status: 202 })
  },
})
