import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import type { OrderStatus } from '../orderStatus'

/** An order's row, locked for the caller's transaction. */
export type LockedOrder = {
  id: number
  status: OrderStatus
  /** Stripe's payment intent, once paid. */
  payment_id: string | null
  created_at: string
}

/**
 * Locks an order's row (`FOR UPDATE`) for the caller's transaction: every writer of an order's
 * refunds (an administrator's request, Stripe's events) takes it first, so they run one after
 * the other and each reads what the one before committed.
 */
export async function lockOrder(
  db: TransactionDb,
  by: { id: number } | { paymentIntent: string },
): Promise<LockedOrder | undefined> {
  const where = 'id' in by ? sql`id = ${by.id}` : sql`payment_id = ${by.paymentIntent}`
  const { rows } = await db.execute<LockedOrder>(sql`
    SELECT id, status, payment_id, created_at::text AS created_at FROM orders
    WHERE ${where} ORDER BY id LIMIT 1 FOR UPDATE`)
  return rows[0]
}
