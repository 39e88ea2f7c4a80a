import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { isRefundable, type OrderStatus } from '../orderStatus'
import { leftToRefund, paidMinorUnits, succeededMinorUnits } from './refundMath'

/** One refund of an order as the admin panel lists it. */
export type RefundEntry = {
  /** Stripe's `re_...`. */
  stripeRefundId: string
  /** In minor units (kopecks). */
  amount: number
  /** Stripe's status: `pending`, `requires_action`, `succeeded`, `failed` or `canceled`. */
  status: string
  /** Why, as the administrator wrote it (none for a refund made in Stripe's dashboard). */
  reason: string | null
  /** Stripe's `failure_reason` of a failed refund. */
  failureReason: string | null
  /** Whether the order's units went back on the shelf with it. */
  isRestocked: boolean
  /** The e-mail of the administrator who asked; null for a refund made in Stripe's dashboard. */
  requestedBy: string | null
  /** When Stripe made it (ISO 8601). */
  createdAt: string
}

/** What an order's page says of its refunds. */
export type OrderRefundHistory = {
  /** What the buyer paid, in minor units (0 for an order never paid). */
  paid: number
  /** What Stripe reports refunded (succeeded), in minor units. */
  refunded: number
  /** What may still be refunded, in minor units (pending refunds count as taken). */
  left: number
  /** Whether the order can be refunded now (paid, something left). */
  isRefundable: boolean
  /** Whether its units were already put back (a restock happens once an order). */
  isRestocked: boolean
  /** Its refunds, oldest first. */
  refunds: RefundEntry[]
}

type Row = {
  stripe_refund_id: string
  amount: number
  status: string
  reason: string | null
  failure_reason: string | null
  is_restocked: boolean
  requested_by: number | null
  created_at: Date
}

/**
 * An order's refunds for the administrator reading its page: what was paid, what stands
 * refunded and what is left (by the same rules as a refund request, `refundMath`), and each
 * refund with who asked for it.
 */
export async function orderRefundHistory(
  payload: Payload,
  orderId: number,
): Promise<OrderRefundHistory> {
  const order = await payload.findByID({
    collection: 'orders',
    id: orderId,
    depth: 0,
    overrideAccess: true,
    select: { items: true, status: true, paymentId: true },
  })
  const { rows } = await postgres(payload).pool.query<Row>(
    `SELECT stripe_refund_id, amount, status, reason, failure_reason, is_restocked, requested_by,
       created_at
     FROM order_refunds WHERE order_id = $1 ORDER BY created_at, id`,
    [orderId],
  )
  const askedBy = [...new Set(rows.flatMap((row) => (row.requested_by ? [row.requested_by] : [])))]
  const users = askedBy.length
    ? await payload.find({
        collection: 'users',
        where: { id: { in: askedBy } },
        depth: 0,
        limit: askedBy.length,
        overrideAccess: true,
        select: { email: true },
      })
    : { docs: [] }
  const emails = new Map(users.docs.map((user) => [Number(user.id), user.email]))
  const wasPaid = Boolean(order.paymentId)
  const paid = wasPaid ? paidMinorUnits(order.items ?? []) : 0
  const left = wasPaid ? leftToRefund(paid, rows) : 0
  return {
    paid,
    refunded: succeededMinorUnits(rows),
    left,
    isRefundable: isRefundable(order.status as OrderStatus) && wasPaid && left > 0,
    isRestocked: rows.some((row) => row.is_restocked),
    refunds: rows.map((row) => ({
      stripeRefundId: row.stripe_refund_id,
      amount: row.amount,
      status: row.status,
      reason: row.reason,
      failureReason: row.failure_reason,
      isRestocked: row.is_restocked,
      requestedBy: row.requested_by ? (emails.get(row.requested_by) ?? null) : null,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  }
}
