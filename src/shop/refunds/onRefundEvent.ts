import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import type { TransactionDb } from '@/db/transaction'
import { listRefunds, type Stripe } from '../stripe/stripeClient'
import { lockOrder } from './lockOrder'
import { syncOrderRefunds } from './syncOrderRefunds'

/** The Stripe events that tell of an order's refunds. */
export const refundEventTypes = [
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
] as const

export const isRefundEvent = (type: string) =>
  (refundEventTypes as readonly string[]).includes(type)

/** What a refund event did. */
export type RefundEventOutcome = 'refunds_synced' | 'unknown_order'

/** The payment intent a `charge.*` or `refund.*` event's object belongs to. */
function paymentIntentOf(object: { payment_intent?: unknown }): string | null {
  const intent = object.payment_intent
  if (typeof intent === 'string') return intent
  if (intent && typeof intent === 'object' && 'id' in intent) return String(intent.id)
  return null
}

/**
 * A refund event of Stripe's (made by our request or in Stripe's dashboard alike): locks the
 * order paid by the event's payment intent, reads that payment's refunds from Stripe as they are
 * now, and records them (`syncOrderRefunds`). Reading the current state rather than the event's
 * snapshot is what makes the order right whatever order the events come in: an older event
 * arriving last never takes a refund back to an earlier status. A failure to reach Stripe throws
 * (the webhook answers 500, Stripe sends the event again, nothing was recorded).
 */
export async function onRefundEvent(args: {
  req: PayloadRequest
  db: TransactionDb
  event: Stripe.Event
}): Promise<RefundEventOutcome> {
  const { req, db, event } = args
  const paymentIntent = paymentIntentOf(event.data.object as { payment_intent?: unknown })
  const order = paymentIntent ? await lockOrder(db, { paymentIntent }) : undefined
  if (!order || !paymentIntent) {
    req.payload.logger.warn({
      msg: `Stripe event ${event.id} (${event.type}): payment ${paymentIntent ?? '(none)'} is no order's`,
    })
    return 'unknown_order'
  }
  const refunds = await listRefunds(configOf(req.payload), paymentIntent)
  await syncOrderRefunds({ req, db, order, refunds })
  return 'refunds_synced'
}
