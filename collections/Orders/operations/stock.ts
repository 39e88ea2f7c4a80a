import { sql } from '@payloadcms/db-postgres'

import { HttpError } from '@/http/errors'
import { parseAmount, type Amount } from '@/checkout/money'
import type { TransactionDb } from './inTransaction'

/** A line of a cart: which product, how many. */
export type CartLine = { productId: number; quantity: number }

/** A cart line whose units are held for the order, at the product's price as stored. */
export type ReservedLine = CartLine & {
  /** The product's name at order time. */
  name: string
  /** The product's price at order time, exact. */
  unitPrice: Amount
}

/**
 * Holds the cart's units in the caller's transaction: one conditional decrement per line
 * (`stock = stock - q WHERE stock >= q`), so concurrent checkouts can never sell more than
 * there is. Names and prices come from the rows updated, never from the request. Unknown or
 * inactive products are a 400 naming them; a product without enough stock a 409.
 */
export async function reserveStock(db: TransactionDb, lines: CartLine[]): Promise<ReservedLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))]
  const { rows: products } = await db.execute<{ id: number; name: string; active: boolean }>(
    sql`SELECT id, name, active FROM products WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
  const available = new Map(products.filter((p) => p.active).map((p) => [Number(p.id), p]))
  const unavailable = ids.filter((id) => !available.has(id))
  if (unavailable.length) {
    throw new HttpError({
      code: 'bad_request',
      message: `Unknown or inactive product${unavailable.length > 1 ? 's' : ''}: ${unavailable.join(', ')}`,
    })
  }

  // Lock rows in one global order (by id) so that two carts never wait on each other.
  const byProductId = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.productId - b.line.productId)
  const reserved: ReservedLine[] = new Array(lines.length)
  for (const { line, index } of byProductId) {
    const { rows } = await db.execute<{ name: string; price: string }>(sql`
      UPDATE products SET stock = stock - ${line.quantity}, updated_at = now()
      WHERE id = ${line.productId} AND active AND stock >= ${line.quantity}
      RETURNING name, price::text AS price`)
    const row = rows[0]
    if (!row) {
      const name = available.get(line.productId)?.name
      throw new HttpError({
        code: 'conflict',
        message: `Insufficient stock for "${name}" (product ${line.productId}): ${line.quantity} requested`,
      })
    }
    reserved[index] = { ...line, name: row.name, unitPrice: parseAmount(row.price) }
  }
  return reserved
}

/** Puts units held by an order back on the shelf, in the caller's transaction. */
export async function releaseStock(db: TransactionDb, lines: CartLine[]): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.productId - b.productId)
  for (const line of sorted) {
    await db.execute(sql`
      UPDATE products SET stock = stock + ${line.quantity}, updated_at = now()
      WHERE id = ${line.productId}`)
  }
}
