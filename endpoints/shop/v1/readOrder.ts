import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { notFound } from '@/http/errors'
import { maxRecordId } from '@/http/ids'
import { isUser } from '@/identity/roles'
import { findBuyerOrder } from '@/shop/operations/findBuyerOrder'
import { orderTokenHeader } from '@/shop/orderToken'
import { refundsOfOrders } from '@/shop/refunds/refundsOfOrders'
import {
  buyerOrderDocument,
  orderIdParams,
  privateAnswerHeaders,
  readOrderHeaders,
} from '@/shop/contracts/orders'
import { presentBuyerOrder, privateAnswer } from './buyerOrder'

/**
 * The one 404 of this route: for an order that does not exist, and for one the caller may not
 * read (no token, a wrong one, another order's, a malformed one), so nothing can be probed.
 */
const noSuchOrder = (id: string) =>
  notFound(
    `Order ${id} not found: an order is read with the ${orderTokenHeader} its checkout answered (order_token)`,
  )

export const readOrderEndpoint = defineEndpoint({
  path: '/v1/orders/:id',
  method: 'get',
  family: 'resource',
  access: 'anyone',
  openapi: {
    operationId: 'readOrderV1',
    summary: "Read an order as its buyer (the storefront's order page)",
    description:
      'With the `order_token` the checkout answered, in `X-Order-Token` (no sign-in needed), or ' +
      'as the signed-in customer the order belongs to: its status, lines, totals, refunds and ' +
      'dates. Without the token, with a wrong or malformed one, or with another order\u2019s, ' +
      'the answer is the same 404 as for an order that does not exist.',
    tags: ['Shop'],
    params: orderIdParams,
    headers: readOrderHeaders,
    responses: {
      200: { description: 'The order', schema: buyerOrderDocument, headers: privateAnswerHeaders },
    },
    errors: ['not_found'],
  },
  handler: async (req: PayloadRequest) => {
    const raw = String(req.routeParams?.id ?? '')
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > maxRecordId) {
      throw noSuchOrder(raw)
    }
    const order = await findBuyerOrder({
      payload: req.payload,
      id: Number(raw),
      token: req.headers.get(orderTokenHeader),
      userId: req.user && isUser(req.user) ? Number(req.user.id) : undefined,
    })
    if (!order) throw noSuchOrder(raw)
    const refunds = await refundsOfOrders(req.payload, [order.id])
    const body: z.infer<typeof buyerOrderDocument> = {
      data: presentBuyerOrder(order, refunds.get(order.id)),
    }
    return Response.json(body, { headers: privateAnswer })
  },
})
