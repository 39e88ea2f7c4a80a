import type { Payload, TypedUser, Where } from 'payload'

import type { Order } from '@/payload-types'

/** A keyset page of one customer's orders, newest first. */
export type CustomerOrderPage = {
  orders: Order[]
  /** Whether older orders follow the last one. */
  hasMore: boolean
}

/**
 * The orders of the signed-in `user` (those whose `user` names them), newest first (by id,
 * which grows with time), `limit` at a time, after the order `afterId` when given. Read with
 * the caller's own access (`overrideAccess: false`), so that nobody else's order can appear.
 */
export async function listCustomerOrders(args: {
  payload: Payload
  user: TypedUser & { collection: 'users' }
  limit: number
  afterId?: number
}): Promise<CustomerOrderPage> {
  const where: Where = {
    and: [
      { user: { equals: args.user.id } },
      ...(args.afterId === undefined ? [] : [{ id: { less_than: args.afterId } }]),
    ],
  }
  const { docs } = await args.payload.find({
    collection: 'orders',
    where,
    sort: '-id',
    limit: args.limit + 1,
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user: args.user,
  })
  const hasMore = docs.length > args.limit
  return { orders: hasMore ? docs.slice(0, args.limit) : docs, hasMore }
}
