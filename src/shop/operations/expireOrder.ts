import type { PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'
import { systemWrite } from '../systemWrite'
import type { TransactionDb } from '@/db/transaction'
import { releaseStock } from './stock'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { toOrderEventData } from '@/webhooks/eventData'
import { WebhookEvents } from '@/webhooks/eventCatalogue'

/**
 * Ends a pending order that was never paid: status `expired`, its units back on the shelf and
 * `order.updated`, all in the caller's transaction (`req`, `db`), which has locked the order
 * row and seen it `pending`. The Stripe webhook (session expired) and the sweeper of stale
 * orders both expire orders here.
 */
export async function expireOrder(args: {
  req: PayloadRequest
  db: TransactionDb
  orderId: number
}): Promise<Order> {
  const { req, db } = args
  const { items } = await req.payload.findByID({
    collection: 'orders',
    id: args.orderId,
    req,
    depth: 0,
  })
  const expired = await req.payload.update({
    collection: 'orders',
    id: args.orderId,
    data: { status: 'expired' },
    req,
    context: systemWrite,
    depth: 0,
  })
  await releaseStock(
    db,
    items.map((item) => ({ productId: Number(item.product), quantity: item.quantity })),
  )
  await emitEvent({ req, type: WebhookEvents.OrderUpdated, data: toOrderEventData(expired) })
  req.payload.logger.info({ msg: `Order ${expired.id} expired, stock released` })
  return expired
}
