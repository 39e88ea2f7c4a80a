import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'

/** What the buyer (or, of a payment not taken, the admins) is owed an e-mail about. */
export type OrderNoticeCause =
  | { kind: 'receipt'; orderId: number }
  | { kind: 'refund'; orderId: number; refundId: number; stripeRefundId: string }
  /** A payment whose amount or currency was not the order's (`paymentProblem`): to the admins. */
  | { kind: 'payment_problem'; orderId: number }

/**
 * Records in the caller's transaction (the one that paid or refunded the order) that the buyer
 * is owed an e-mail about it: the notice exists exactly when its cause committed, and once,
 * however often the cause is seen (a unique key per receipt and per refund). The notice loop
 * sends it (src/shop/notices/sendOrderNotices.ts).
 */
export async function oweOrderNotice(db: TransactionDb, cause: OrderNoticeCause): Promise<void> {
  const key =
    cause.kind === 'refund' ? `refund:${cause.stripeRefundId}` : `${cause.kind}:${cause.orderId}`
  const refundId = cause.kind === 'refund' ? cause.refundId : null
  await db.execute(sql`
    INSERT INTO order_notices (key, order_id, kind, refund_id)
    VALUES (${key}, ${cause.orderId}, ${cause.kind}, ${refundId})
    ON CONFLICT (key) DO NOTHING`)
}
