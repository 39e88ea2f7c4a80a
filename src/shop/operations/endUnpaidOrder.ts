import type { PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'
import { systemWrite } from '../systemWrite'
import type { TransactionDb } from '@/db/transaction'
import { releaseStock, stockChangeTags, type CartLine } from './stock'
import { holdChange } from '@/answerCache/operations/announceChange'
import { announceOrderStatus } from './announceOrderStatus'

/**
 * Ends a pending order that was never paid: `status` (`expired`: its session ran out;
 * `cancelled`: no session could be opened) and why (`reason`, one of `orderEndReasons`: the
 * admin reads it on the order), its units back on the shelf and `order.updated`,
 * all in the caller's transaction (`req`, `db`), which has seen the order `pending`. `lines`
 * are its items when the caller has them at hand; else they are read.
 */
export async function endUnpaidOrder(args: {
  req: PayloadRequest
  db: TransactionDb
  orderId: number
  status: 'expired' | 'cancelled'
  reason: string
  lines?: CartLine[]
}): Promise<Order> {
  const { req, db } = args
  const lines =
    args.lines ??
    (
      await req.payload.findByID({ collection: 'orders', id: args.orderId, req, depth: 0 })
    ).items.map((item) => ({ productId: Number(item.product), quantity: item.quantity }))
  const ended = await req.payload.update({
    collection: 'orders',
    id: args.orderId,
    data: { status: args.status, statusReason: args.reason },
    req,
    context: systemWrite,
    depth: 0,
  })
  holdChange(req.payload, stockChangeTags(lines.map((line) => line.productId)))
  await releaseStock(db, lines)
  await announceOrderStatus({ req, order: ended })
  req.payload.logger.info({ msg: `Order ${ended.id} ${ended.status}, stock released` })
  return ended
}

/**
 * Expires a pending order whose payment session ran out (`endUnpaidOrder`), for `reason`; the
 * caller has locked the order row. The Stripe webhook (session expired) and the sweeper of
 * stale orders both expire orders here.
 */
export const expireOrder = (args: {
  req: PayloadRequest
  db: TransactionDb
  orderId: number
  reason: string
}) => endUnpaidOrder({ ...args, status: 'expired' })
