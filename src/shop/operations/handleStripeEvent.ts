import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Stripe } from '../stripe/stripeClient'
import { systemWrite } from '../systemWrite'
import { inTransaction, type TransactionDb } from '@/db/transaction'
import { releaseStock } from './stock'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { toOrderEventData, toOrderPaidEventData } from '@/webhooks/eventData'
import { WebhookEvents } from '@/webhooks/eventCatalogue'

/** What a verified Stripe event did. */
export type StripeEventOutcome =
  /** The event id was processed before: nothing changed. */
  | 'duplicate'
  /** A pending order became paid. */
  | 'paid'
  /** A pending order expired and its stock was released. */
  | 'expired'
  /** A type this service does not act on, or an order no longer in a state to change. */
  | 'ignored'
  /** `metadata.orderId` names no order (or an order paid through another session). */
  | 'unknown_order'

type Context = { req: PayloadRequest; db: TransactionDb; event: Stripe.Event }

/**
 * Applies a verified Stripe event exactly once: its id is recorded in the same transaction as
 * its effect (a unique key), so a redelivery, even a concurrent one, waits for the first and
 * then changes nothing. The order row is locked before its status is read, so a completion and
 * an expiry arriving together cannot both win: only a pending order is paid or expired.
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
        return markOrderPaid({ req, db, event }, event.data.object)
      case 'checkout.session.expired':
        return expireOrder({ req, db, event }, event.data.object)
      default:
        return 'ignored' as const
    }
  })
  req.payload.logger.info({ msg: `Stripe event ${event.id} (${event.type}): ${outcome}` })
  return outcome
}

async function markOrderPaid(
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
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null)
  const paid = await req.payload.update({
    collection: 'orders',
    id: order.id,
    data: {
      status: 'paid',
      paymentId: paymentIntent,
      paid_at: new Date(event.created * 1000).toISOString(),
      stripeSessionId: session.id,
    },
    req,
    context: systemWrite,
    depth: 0,
  })
  await emitEvent({ req, type: WebhookEvents.OrderUpdated, data: toOrderEventData(paid) })
  await emitEvent({ req, type: WebhookEvents.OrderPaid, data: toOrderPaidEventData(paid) })
  req.payload.logger.info({ msg: `Order ${paid.id} paid, payment ${paid.paymentId}` })
  return 'paid'
}

async function expireOrder(
  { req, db, event }: Context,
  session: Stripe.Checkout.Session,
): Promise<StripeEventOutcome> {
  const order = await lockOrderOf({ req, db, event }, session)
  if (!order) return 'unknown_order'
  if (order.status !== 'pending') return 'ignored'
  const { items } = await req.payload.findByID({
    collection: 'orders',
    id: order.id,
    req,
    depth: 0,
  })
  const expired = await req.payload.update({
    collection: 'orders',
    id: order.id,
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
