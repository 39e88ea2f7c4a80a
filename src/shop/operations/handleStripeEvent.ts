import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Stripe } from '../stripe/stripeClient'
import { inTransaction, type TransactionDb } from '@/db/transaction'
import { expireOrder } from './endUnpaidOrder'
import { orderEndReasons } from '../orderEndReasons'
import { markOrderPaid } from './markOrderPaid'
import { isRefundEvent, onRefundEvent } from '../refunds/onRefundEvent'
import { nudgeOrderNotifier } from '../notices/sendOrderNotices'

/** What a verified Stripe event did. */
export type StripeEventOutcome =
  /** The event id was processed before: nothing changed. */
  | 'duplicate'
  /** A pending order became paid. */
  | 'paid'
  /** The payment's amount or currency was not the order's: left unpaid, admins told. */
  | 'amount_mismatch'
  /** A pending order expired and its stock was released. */
  | 'expired'
  /** A type this service does not act on, or an order no longer in a state to change. */
  | 'ignored'
  /** `metadata.orderId` names no order (or an order paid through another session). */
  | 'unknown_order'
  /** A refund event: the order's refunds were read from Stripe and recorded. */
  | 'refunds_synced'

type Context = { req: PayloadRequest; db: TransactionDb; event: Stripe.Event }

/**
 * Applies a verified Stripe event exactly once: its id is recorded in the same transaction as
 * its effect (a unique key), so a redelivery, even a concurrent one, waits for the first and
 * then changes nothing. The order row is locked before its status is read, so a completion and
 * an expiry arriving together cannot both win: only a pending order is paid or expired. Refund
 * events (`charge.refunded`, `refund.*`) record the order's refunds as Stripe has them
 * (src/shop/refunds/onRefundEvent.ts).
 */
export async function handleStripeEvent(args: {
  req: PayloadRequest
  event: Stripe.Event
}): Promise<StripeEventOutcome> {
  const { req, event } = args
  const outcome = await inTransaction(req, async (db) => {
    const { rows } = await db.execute(sql`
      INSERT INTO stripe_events (event_id, type, updated_at, created_at)
      VALUES (${event.id}, ${event.type}, now(), now())
      ON CONFLICT (event_id) DO NOTHING
      RETURNING id`)
    if (rows.length === 0) return 'duplicate' as const
    switch (event.type) {
      case 'checkout.session.completed':
        return onSessionCompleted({ req, db, event }, event.data.object)
      case 'checkout.session.expired':
        return onSessionExpired({ req, db, event }, event.data.object)
      default:
        return isRefundEvent(event.type) ? onRefundEvent({ req, db, event }) : ('ignored' as const)
    }
  })
  req.payload.logger.info({ msg: `Stripe event ${event.id} (${event.type}): ${outcome}` })
  // A receipt, a refund notice or the admins' notice of a payment not taken may be owed.
  if (outcome === 'paid' || outcome === 'refunds_synced' || outcome === 'amount_mismatch') {
    nudgeOrderNotifier()
  }
  return outcome
}

async function onSessionCompleted(
  { req, db, event }: Context,
  session: Stripe.Checkout.Session,
): Promise<StripeEventOutcome> {
  const order = await lockOrderOf({ req, db, event }, session)
  if (!order) return 'unknown_order'
  if (order.status !== 'pending') {
    const log = order.status === 'paid' || order.status === 'shipped' ? 'info' : 'error'
    req.payload.logger[log]({
      msg: `Stripe event ${event.id}: payment completed for order ${order.id}, which is ${order.status}; left as it is`,
    })
    return 'ignored'
  }
  if (session.payment_status === 'unpaid') return 'ignored'
  const settled = await markOrderPaid({
    req,
    orderId: order.id,
    session,
    paidAt: new Date(event.created * 1000),
  })
  return settled.outcome
}

async function onSessionExpired(
  { req, db, event }: Context,
  session: Stripe.Checkout.Session,
): Promise<StripeEventOutcome> {
  const order = await lockOrderOf({ req, db, event }, session)
  if (!order) return 'unknown_order'
  if (order.status !== 'pending') return 'ignored'
  await expireOrder({ req, db, orderId: order.id, reason: orderEndReasons.sessionExpired })
  return 'expired'
}

/**
 * The order named by the session's `metadata.orderId`, locked for this transaction; null
 * (logged) when there is none, or when it belongs to a different payment session.
 */
async function lockOrderOf({ req, db, event }: Context, session: Stripe.Checkout.Session) {
  const reference = session.metadata?.orderId ?? ''
  const { rows } = /^\d{1,10}$/.test(reference)
    ? await db.execute<{ id: number; status: string; stripe_session_id: string | null }>(sql`
        SELECT id, status, stripe_session_id FROM orders WHERE id = ${Number(reference)} FOR UPDATE`)
    : { rows: [] }
  const order = rows[0]
  if (!order) {
    req.payload.logger.warn({
      msg: `Stripe event ${event.id} (${event.type}) names no known order: metadata.orderId=${JSON.stringify(reference)}`,
    })
    return null
  }
  if (order.stripe_session_id && order.stripe_session_id !== session.id) {
    req.payload.logger.warn({
      msg: `Stripe event ${event.id}: session ${session.id} is not order ${order.id}'s session ${order.stripe_session_id}`,
    })
    return null
  }
  return order
}
