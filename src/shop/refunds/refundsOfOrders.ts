import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import type { RefundRow } from './syncOrderRefunds'

/** The refunds of each of `orderIds`, oldest first (an order without any is absent). */
export async function refundsOfOrders(
  payload: Payload,
  orderIds: number[],
): Promise<Map<number, RefundRow[]>> {
  const byOrder = new Map<number, RefundRow[]>()
  if (!orderIds.length) return byOrder
  const { rows } = await postgres(payload).pool.query<RefundRow & { order_id: number }>(
    `SELECT order_id, id, stripe_refund_id, amount, status, reason, failure_reason, is_restocked,
       created_at::text AS created_at
     FROM order_refunds WHERE order_id = ANY($1::integer[]) ORDER BY created_at, id`,
    [orderIds],
  )
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? []
    list.push(row)
    byOrder.set(row.order_id, list)
  }
  return byOrder
}
