import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { inTransaction } from '@/db/transaction'
import { HttpError } from '@/http/errors'
import { recordAudit } from '@/identity/operations/recordAudit'
import { formatMinorUnits } from '../money'
import { isRefundable } from '../orderStatus'
import { createRefund, isStripeUnavailable, type Stripe } from '../stripe/stripeClient'
import { nudgeOrderNotifier } from '../notices/sendOrderNotices'
import { lockOrder } from './lockOrder'
import { leftToRefund, paidMinorUnits, refundIdempotencyKey } from './refundMath'
import { alreadyRestocked, restockOrder } from './restockOrder'
import { refundsOf, syncOrderRefunds } from './syncOrderRefunds'

/** What an administrator asks for. */
export type RefundRequest = {
  /** In the order's minor units (kopecks); what is left when omitted. */
  amount?: number
  /** Why; kept with the refund, in its Stripe metadata, the event and the buyer's e-mail. */
  reason?: string
  /** Put the order's units back on the shelf (once per order). */
  restock?: boolean
}

/** What the refund request did. */
export type RefundResult = {
  /** The refund as Stripe answered it. */
  refund: Stripe.Refund
  /** The stock adjustments the restock recorded (empty without one). */
  stockAdjustments: number[]
}

const refused = (code: 'conflict' | 'not_found' | 'bad_gateway', message: string) =>
  new HttpError({ code, message })

/**
 * Refunds a paid order through Stripe, as the administrator of `req` asks. The order's row is
 * locked for the whole request (Stripe's call included), so two administrators, or a request
 * and Stripe's events for the same order, run one after the other: each sees what the one before
 * recorded, and an amount above what is left is refused here (409) before Stripe is asked, and
 * by Stripe should our record lag behind (409 with Stripe's message). The call carries an
 * idempotency key (`refundIdempotencyKey`), so a request retried after its answer was lost gets
 * the refund Stripe already made. The refund Stripe answered is recorded at once
 * (`syncOrderRefunds`); its later states arrive as Stripe's events. With `restock` the units go
 * back through the stock-adjustment ledger in the same transaction.
 */
export async function refundOrder(args: {
  req: PayloadRequest
  orderId: number
  request: RefundRequest
}): Promise<RefundResult> {
  const { req, orderId, request } = args
  const result = await inTransaction(req, async (db) => {
    const locked = await lockOrder(db, { id: orderId })
    if (!locked) throw refused('not_found', `Order ${orderId} not found`)
    if (!isRefundable(locked.status) || !locked.payment_id) {
      throw refused(
        'conflict',
        `Order ${orderId} is ${locked.status}: only a paid order can be refunded`,
      )
    }
    const order = await req.payload.findByID({
      collection: 'orders',
      id: orderId,
      depth: 0,
      req,
      overrideAccess: true,
    })
    const recorded = await refundsOf(db, orderId)
    const left = leftToRefund(paidMinorUnits(order.items), recorded)
    if (left <= 0) throw refused('conflict', `Order ${orderId} has nothing left to refund`)
    const amount = request.amount ?? left
    if (amount > left) {
      // In roubles, as people read amounts (the request's are kopecks).
      throw refused(
        'conflict',
        `Only ${formatMinorUnits(left)} is left to refund of this order: ${formatMinorUnits(amount)} is more`,
      )
    }
    const reason = request.reason?.trim() || null
    let refund: Stripe.Refund
    try {
      refund = await createRefund(
        configOf(req.payload),
        {
          payment_intent: locked.payment_id,
          amount,
          metadata: {
            orderId: String(orderId),
            ...(reason ? { reason: reason.slice(0, 500) } : {}),
          },
        },
        refundIdempotencyKey({
          orderId,
          orderCreatedAt: locked.created_at,
          refundCount: recorded.length,
          amount,
        }),
      )
    } catch (error) {
      if (!isStripeUnavailable(error)) {
        throw refused('conflict', `Stripe refused the refund: ${(error as Error).message}`)
      }
      req.payload.logger.error({ msg: `Refund of order ${orderId} failed at Stripe`, err: error })
      throw refused('bad_gateway', 'The payment provider could not be reached; try again')
    }
    const shouldRestock =
      request.restock === true &&
      refund.status !== 'failed' &&
      refund.status !== 'canceled' &&
      !(await alreadyRestocked(db, orderId))
    const stockAdjustments = shouldRestock ? await restockOrder({ req, db, order, reason }) : []
    const userId = req.user?.collection === 'users' ? Number(req.user.id) : null
    await syncOrderRefunds({
      req,
      db,
      order: locked,
      refunds: [refund],
      requested: { reason, requestedBy: userId, isRestocked: shouldRestock },
    })
    await recordAudit(req, {
      action: 'refund',
      target: { collection: 'orders', id: orderId },
      data: { refund: refund.id, amount, status: refund.status, reason, restock: shouldRestock },
    })
    return { refund, stockAdjustments }
  })
  nudgeOrderNotifier()
  return result
}
