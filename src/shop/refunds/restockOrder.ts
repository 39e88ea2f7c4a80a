import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { TransactionDb } from '@/db/transaction'
import type { Order } from '@/payload-types'
import { orderTitle } from '../orderStatus'

/**
 * Puts every unit of a refunded order back on the shelf, in the caller's transaction, through
 * the stock-adjustment ledger: one adjustment a product, `+quantity`, naming the order, why (the
 * refund's reason) and who (the signed-in administrator of `req`). An order is restocked at most
 * once (`alreadyRestocked`); a product deleted since is skipped. Returns the adjustments' ids.
 */
export async function restockOrder(args: {
  req: PayloadRequest
  db: TransactionDb
  order: Order
  reason: string | null
}): Promise<number[]> {
  const { req, db, order } = args
  const units = new Map<number, number>()
  for (const line of order.items) {
    const productId = typeof line.product === 'object' ? line.product.id : line.product
    units.set(productId, (units.get(productId) ?? 0) + line.quantity)
  }
  const ids = [...units.keys()].sort((a, b) => a - b)
  if (!ids.length) return []
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM products WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`)
  const existing = new Set(rows.map((row) => Number(row.id)))
  const why = `Refund of ${orderTitle(order.id)}${args.reason ? `: ${args.reason}` : ''}`.slice(
    0,
    500,
  )
  const made: number[] = []
  for (const productId of ids) {
    if (!existing.has(productId)) continue
    const adjustment = await req.payload.create({
      collection: 'stock-adjustments',
      data: { product: productId, delta: units.get(productId)!, reason: why, order: order.id },
      req,
      overrideAccess: true,
      depth: 0,
    })
    made.push(adjustment.id)
  }
  return made
}

/** Whether a refund of the order already put its units back. */
export async function alreadyRestocked(db: TransactionDb, orderId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM order_refunds WHERE order_id = ${orderId} AND is_restocked LIMIT 1`)
  return rows.length > 0
}
