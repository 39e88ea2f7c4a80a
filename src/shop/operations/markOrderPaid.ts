import type { PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'
import type { Stripe } from '../stripe/stripeClient'
import { systemWrite } from '../systemWrite'
import { transactionDatabase } from '@/db/transaction'
import { oweOrderNotice } from '../notices/oweOrderNotice'
import { announceOrderStatus } from './announceOrderStatus'
import { paymentMismatch } from '../paymentCheck'

/** What settling a completed payment did. */
export type PaymentSettlement =
  | { outcome: 'paid'; order: Order }
  /** The payment's amount or currency is not the order's: left unpaid, `problem` recorded. */
  | { outcome: 'amount_mismatch'; problem: string }

/**
 * Records the payment of a pending order through its Checkout Session: status `paid`, the
 * payment intent as `paymentId`, `paid_at`, then `order.updated` and `order.paid`, and the
 * buyer's receipt is owed (e-mailed by the order notifier once this commits). A session whose
 * `amount_total` or `currency` is not what the order asks (`paymentMismatch`) pays nothing: the
 * order stays pending with the reason in `paymentProblem`, and the admins are owed an e-mail.
 * Runs in the caller's transaction (`req`), which has locked the order row and seen it
 * `pending`: the Stripe webhook and the sweeper of stale orders both settle a payment here.
 */
export async function markOrderPaid(args: {
  req: PayloadRequest
  orderId: number
  session: Stripe.Checkout.Session
  /** When the payment happened, as far as the caller knows. */
  paidAt: Date
}): Promise<PaymentSettlement> {
  const { req, session } = args
  const order = await req.payload.findByID({
    collection: 'orders',
    id: args.orderId,
    depth: 0,
    req,
    overrideAccess: true,
  })
  const problem = paymentMismatch({
    lines: order.items,
    paid: { amountTotal: session.amount_total, currency: session.currency },
  })
  if (problem) {
    await req.payload.update({
      collection: 'orders',
      id: args.orderId,
      data: { paymentProblem: problem },
      req,
      context: systemWrite,
      depth: 0,
    })
    await oweOrderNotice(await transactionDatabase(req), {
      kind: 'payment_problem',
      orderId: args.orderId,
    })
    req.payload.logger.error({
      msg: `Order ${args.orderId}: session ${session.id} reported paid, not taken. ${problem}`,
    })
    return { outcome: 'amount_mismatch', problem }
  }
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null)
  const paid = await req.payload.update({
    collection: 'orders',
    id: args.orderId,
    data: {
      status: 'paid',
      paymentId: paymentIntent,
      paid_at: args.paidAt.toISOString(),
      stripeSessionId: session.id,
    },
    req,
    context: systemWrite,
    depth: 0,
  })
  await announceOrderStatus({ req, order: paid })
  await oweOrderNotice(await transactionDatabase(req), { kind: 'receipt', orderId: paid.id })
  req.payload.logger.info({ msg: `Order ${paid.id} paid, payment ${paid.paymentId}` })
  return { outcome: 'paid', order: paid }
}
