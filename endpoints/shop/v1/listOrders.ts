import { z } from 'zod'

import { refundsOfOrders } from '@/shop/refunds/refundsOfOrders'
import { defineEndpoint } from '@/http/defineEndpoint'
import { forbidden } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { isUser } from '@/identity/roles'
import { listCustomerOrders } from '@/shop/operations/listCustomerOrders'
import { buyerOrderList, listOrdersQuery, privateAnswerHeaders } from '@/shop/contracts/orders'
import { presentBuyerOrder, privateAnswer } from './buyerOrder'

export const listOrdersEndpoint = defineEndpoint({
  path: '/v1/orders',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listOrdersV1',
    summary: 'List my orders (a signed-in customer)',
    description:
      'The orders placed while signed in as the caller (every order when checkout requires ' +
      'sign-in, `CHECKOUT_REQUIRE_AUTH=true`), newest first, in keyset pages: pass ' +
      '`meta.next_after_id` as `after_id` for the next. Never another customer\u2019s; an API ' +
      'consumer has no orders (403).',
    tags: ['Shop'],
    // Orders belong to users: a consumer's API key is refused (403).
    security: ['bearer'],
    query: listOrdersQuery,
    responses: {
      200: {
        description: "A page of the caller's orders",
        schema: buyerOrderList,
        headers: privateAnswerHeaders,
      },
    },
    errors: ['forbidden'],
  },
  handler: async (req) => {
    const user = req.user
    if (!user || !isUser(user)) throw forbidden('Only a signed-in customer has orders to list')
    const query = parseInput(listOrdersQuery, queryObject(req.searchParams))
    const page = await listCustomerOrders({
      payload: req.payload,
      user: user as typeof user & { collection: 'users' },
      limit: query.limit,
      afterId: query.after_id,
    })
    const refunds = await refundsOfOrders(
      req.payload,
      page.orders.map((order) => order.id),
    )
    const data = page.orders.map((order) => presentBuyerOrder(order, refunds.get(order.id)))
    const body: z.infer<typeof buyerOrderList> = {
      data,
      meta: {
        limit: query.limit,
        has_more: page.hasMore,
        next_after_id: page.hasMore ? (data.at(-1)?.id ?? null) : null,
      },
    }
    return Response.json(body, { headers: privateAnswer })
  },
})
