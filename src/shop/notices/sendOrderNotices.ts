import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { postgres } from '@/db/transaction'
import { recordInNoticeTable, sendDueNotices, type NoticeQueue } from '@/email/sendDueNotices'
import {
  nudgeNoticeLoop,
  startRegisteredNoticeLoop,
  type NoticeLoop,
} from '@/email/startNoticeLoop'
import type { Order } from '@/payload-types'
import { paymentProblemEmail, receiptEmail, refundEmail, type MailedOrder } from './orderEmails'
import { orderNoticeTableName } from './orderNoticeTable'

type DueNotice = {
  id: number
  order_id: number
  kind: 'receipt' | 'refund' | 'payment_problem'
  attempts: number
  /** The refund's amount (minor units) and reason, of a refund notice. */
  refund_amount: number | null
  refund_reason: string | null
}

const mailed = (order: Order): MailedOrder => ({
  id: order.id,
  customerEmail: order.customerEmail,
  total: order.total,
  refundedAmount: order.refunded_amount ?? 0,
  items: order.items.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    price: line.price,
  })),
  shippingAddress: order.shippingAddress,
  paidAt: order.paid_at ?? null,
})

/**
 * E-mails buyers their due notices (receipts, refund notices), and the admins a payment not
 * taken, one claimed at a time, and
 * records each outcome (src/email/sendDueNotices.ts): retried until sent, never by two
 * processes at once. The transaction that paid or refunded the order wrote the notice; nothing
 * of the payment or the refund waits for the mail server. Returns the number sent.
 */
export async function sendOrderNotices(payload: Payload): Promise<number> {
  const pool = postgres(payload).pool
  const queue: NoticeQueue<DueNotice> = {
    describe: (notice) => `the ${notice.kind} of order ${notice.order_id}`,
    claimNext: async (claimSeconds) =>
      (
        await pool.query<DueNotice>({
          name: 'shop-claim-order-notice',
          text: `UPDATE ${orderNoticeTableName} n
             SET next_attempt_at = now() + make_interval(secs => $1)
             FROM (SELECT id FROM ${orderNoticeTableName}
                   WHERE next_attempt_at <= now()
                   ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
             WHERE n.id = due.id
             RETURNING n.id, n.order_id, n.kind, n.attempts,
               (SELECT r.amount FROM order_refunds r WHERE r.id = n.refund_id) AS refund_amount,
               (SELECT r.reason FROM order_refunds r WHERE r.id = n.refund_id) AS refund_reason`,
          values: [claimSeconds],
        })
      ).rows[0],
    message: async (notice) => {
      const order = await payload.findByID({
        collection: 'orders',
        id: notice.order_id,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
      })
      if (!order?.customerEmail) return null
      if (notice.kind === 'payment_problem') return adminsNotice(payload, order)
      const email =
        notice.kind === 'receipt'
          ? receiptEmail(mailed(order))
          : refundEmail(mailed(order), {
              amount: notice.refund_amount ?? 0,
              reason: notice.refund_reason,
            })
      return { to: order.customerEmail, ...email }
    },
    record: recordInNoticeTable(pool, {
      table: orderNoticeTableName,
      statementName: 'shop-record-order-notice',
    }),
    retryBaseSeconds: configOf(payload).orderNotices.retryBaseSeconds,
  }
  return sendDueNotices(payload, queue)
}

/**
 * The admins' notice of a payment not taken (`paymentProblem`), to every admin at once; none
 * when there is no admin, or the problem was cleared.
 */
async function adminsNotice(payload: Payload, order: Order) {
  if (!order.paymentProblem) return null
  const admins = await payload.find({
    collection: 'users',
    where: { role: { equals: 'admin' } },
    depth: 0,
    limit: 100,
    overrideAccess: true,
  })
  const to = admins.docs.map((admin) => admin.email).filter(Boolean)
  if (!to.length) return null
  const base = configOf(payload).server.url ?? ''
  const orderUrl = `${base}/admin/collections/orders/${order.id}`
  return { to: to.join(', '), ...paymentProblemEmail(order, order.paymentProblem, orderUrl) }
}

/** Where this process's order notifier is registered. */
const notifierKey = 'content-shop.orderNotifier'

/**
 * Sends the buyers' due e-mails every `ORDER_NOTICE_INTERVAL_SECONDS` in this process, apart
 * from checkout and the Stripe webhook; `nudgeOrderNotifier` runs a pass at once (a payment or
 * refund just committed). Started with the process's background work; `stop()` ends it.
 */
export function startOrderNotifier(payload: Payload): NoticeLoop {
  return startRegisteredNoticeLoop(notifierKey, payload, {
    name: 'Order notifier',
    intervalMs: configOf(payload).orderNotices.intervalMs,
    pass: () => sendOrderNotices(payload),
  })
}

/** Runs a pass of this process's notifier now, if it runs (and once the one under way ends). */
export function nudgeOrderNotifier() {
  nudgeNoticeLoop(notifierKey)
}
