import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { TransactionDb } from '@/db/transaction'
import type { Order } from '@/payload-types'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { toOrderRefundedEventData } from '@/shop/orderEvents'
import { ShopEvents } from '@/shop/webhookEventTypes'
import { oweOrderNotice } from '../notices/oweOrderNotice'
import { announceOrderStatus } from '../operations/announceOrderStatus'
import { statusAfterRefunds } from '../orderStatus'
import type { Stripe } from '../stripe/stripeClient'
import { systemWrite } from '../systemWrite'
import type { LockedOrder } from './lockOrder'
import { minorUnitsToRoubles, paidMinorUnits, succeededMinorUnits } from './refundMath'
import { refundTableName } from './refundTable'

/** What an administrator's request adds to the refund Stripe answered it with. */
export type RequestedRefund = {
  /** Why, as they wrote it. */
  reason: string | null
  /** Their user id. */
  requestedBy: number | null
  /** Whether the order's units were put back with it. */
  isRestocked: boolean
}

/** A refund of an order as stored. */
export type RefundRow = {
  id: number
  stripe_refund_id: string
  amount: number
  status: string
  reason: string | null
  failure_reason: string | null
  is_restocked: boolean
  created_at: string
}

/** The refunds of an order, oldest first. */
export async function refundsOf(db: TransactionDb, orderId: number): Promise<RefundRow[]> {
  const { rows } = await db.execute<RefundRow>(sql`
    SELECT id, stripe_refund_id, amount, status, reason, failure_reason, is_restocked,
      created_at::text AS created_at
    FROM order_refunds WHERE order_id = ${orderId} ORDER BY created_at, id`)
  return rows
}

/**
 * Records Stripe's refunds of a locked, paid order as Stripe has them now, and what follows in
 * the same transaction: each refund's status (`failed` ones with Stripe's reason), the order's
 * `refunded_amount` (what Stripe reports succeeded) and its status (`partially_refunded` or
 * `refunded`, `paid` again when a refund failed and none stands), `order.updated` when that
 * changed, and for each refund seen succeeded for the first time `order.refunded` and the
 * buyer's e-mail, once. Applying the same state again changes nothing, so events may arrive
 * twice and in any order. Returns the order as it now is.
 */
export async function syncOrderRefunds(args: {
  req: PayloadRequest
  db: TransactionDb
  order: LockedOrder
  refunds: Stripe.Refund[]
  /** The request that made `refunds[0]`, when an administrator asked for it. */
  requested?: RequestedRefund
}): Promise<Order> {
  const { req, db, order } = args
  const table = sql.identifier(refundTableName)
  for (const [index, refund] of args.refunds.entries()) {
    const requested = index === 0 ? args.requested : undefined
    await db.execute(sql`
      INSERT INTO ${table} AS r (order_id, stripe_refund_id, amount, status, failure_reason,
        reason, requested_by, is_restocked, created_at, updated_at)
      VALUES (${order.id}, ${refund.id}, ${refund.amount}, ${refund.status ?? 'pending'},
        ${refund.failure_reason ?? null}, ${requested?.reason ?? refund.metadata?.reason ?? null},
        ${requested?.requestedBy ?? null}, ${requested?.isRestocked ?? false},
        to_timestamp(${refund.created}), now())
      ON CONFLICT (stripe_refund_id) DO UPDATE SET
        status = excluded.status, amount = excluded.amount,
        failure_reason = excluded.failure_reason,
        reason = coalesce(r.reason, excluded.reason),
        requested_by = coalesce(r.requested_by, excluded.requested_by),
        is_restocked = r.is_restocked OR excluded.is_restocked,
        updated_at = now()
      WHERE (r.status, r.amount, r.failure_reason, r.reason, r.requested_by, r.is_restocked)
        IS DISTINCT FROM (excluded.status, excluded.amount, excluded.failure_reason,
          coalesce(r.reason, excluded.reason), coalesce(r.requested_by, excluded.requested_by),
          r.is_restocked OR excluded.is_restocked)`)
  }
  const { rows: newlySucceeded } = await db.execute<RefundRow>(sql`
    UPDATE ${table} SET succeeded_at = now()
    WHERE order_id = ${order.id} AND status = 'succeeded' AND succeeded_at IS NULL
    RETURNING id, stripe_refund_id, amount, status, reason, failure_reason, is_restocked,
      created_at::text AS created_at`)

  const current = await req.payload.findByID({
    collection: 'orders',
    id: order.id,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const refunds = await refundsOf(db, order.id)
  const refunded = succeededMinorUnits(refunds)
  const status = statusAfterRefunds({
    current: current.status,
    amount: paidMinorUnits(current.items),
    refunded,
  })
  const refundedAmount = minorUnitsToRoubles(refunded)
  let updated = current
  if (status !== current.status || refundedAmount !== (current.refunded_amount ?? 0)) {
    updated = await req.payload.update({
      collection: 'orders',
      id: order.id,
      data: { status, refunded_amount: refundedAmount },
      req,
      context: systemWrite,
      depth: 0,
      overrideAccess: true,
    })
    if (status !== current.status) await announceOrderStatus({ req, order: updated })
    req.payload.logger.info({
      msg: `Order ${order.id}: ${refundedAmount} refunded, status ${current.status} -> ${status}`,
    })
  }
  for (const refund of newlySucceeded.sort((a, b) => a.id - b.id)) {
    await emitEvent({
      req,
      type: ShopEvents.OrderRefunded,
      data: toOrderRefundedEventData(updated, {
        refundId: refund.stripe_refund_id,
        amount: minorUnitsToRoubles(refund.amount),
        refundedAmount,
        reason: refund.reason,
      }),
    })
    await oweOrderNotice(db, {
      kind: 'refund',
      orderId: order.id,
      refundId: refund.id,
      stripeRefundId: refund.stripe_refund_id,
    })
  }
  return updated
}
