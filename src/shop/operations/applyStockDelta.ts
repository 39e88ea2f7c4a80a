import { defaultLocaleText } from '@/db/localizedText'
import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import { RefusedRequest } from '@/http/refusedRequest'
import { belowZeroMessage } from '../stockAdjustment'
import { notifyChange } from '@/answerCache/operations/announceChange'
import { stockChangeTags } from './stock'

/**
 * Moves a product's stock by `delta` in the caller's transaction, as one statement relative to
 * the stock as it is then (`stock = stock + delta`), never a number computed from an earlier
 * read: a checkout's reservation or an expiry's release committed meanwhile stays counted.
 * The row stays locked until the transaction ends. Refused with 400 when the product does not
 * exist or the stock would go below zero (units held by pending orders are already out of it).
 * Returns the stock after the adjustment.
 */
export async function applyStockDelta(
  db: TransactionDb,
  args: { productId: number; delta: number },
): Promise<number> {
  const { productId, delta } = args
  const { rows } = await db.execute<{ stock: string }>(sql`
    UPDATE products SET stock = stock + ${delta}, updated_at = now()
    WHERE id = ${productId} AND stock + ${delta} >= 0
    RETURNING stock::text AS stock`)
  if (rows[0]) {
    await notifyChange(db, stockChangeTags([productId]))
    return Number(rows[0].stock)
  }
  const { rows: found } = await db.execute<{ name: string; stock: string }>(
    sql`SELECT ${sql.raw(defaultLocaleText('products_locales', 'products', 'name'))} AS name,
      stock::text AS stock FROM products WHERE id = ${productId}`,
  )
  const product = found[0]
  if (!product) throw new RefusedRequest(`Product ${productId} does not exist`, 400)
  throw new RefusedRequest(
    belowZeroMessage({ name: product.name, id: productId, stock: Number(product.stock), delta }),
    400,
  )
}
