import { defaultLocaleText } from '@/db/localizedText'
import { sql } from '@payloadcms/db-postgres'

import { changeTags } from '@/answerCache/answerTags'
import { notifyChange } from '@/answerCache/operations/announceChange'
import { HttpError } from '@/http/errors'
import { parseAmount, type Amount } from '../money'
import type { TransactionDb } from '@/db/transaction'

/** A line of a cart: which product, how many. */
export type CartLine = { productId: number; quantity: number }

/** A cart line priced from the database. */
export type PricedLine = CartLine & {
  /** The product's name at order time. */
  name: string
  /** The product's price at order time, exact (read as `numeric::text`). */
  unitPrice: Amount
}

/**
 * Prices the cart from the database, never from the request. Unknown or inactive products are
 * a 400 naming them; a product whose stock is already short a 409 (the decrement in
 * `reserveStock` stays the authority: this read takes no lock).
 */
export async function priceCart(db: TransactionDb, lines: CartLine[]): Promise<PricedLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))]
  const { rows } = await db.execute<{ id: number; name: string; price: string; stock: string }>(
    // An order records the product's name in the default locale.
    sql`SELECT id, ${sql.raw(defaultLocaleText('products_locales', 'products', 'name'))} AS name,
        price::text AS price, stock::text AS stock FROM products
        WHERE active AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )
  const products = new Map(rows.map((row) => [Number(row.id), row]))
  const unavailable = ids.filter((id) => !products.has(id))
  if (unavailable.length) {
    throw new HttpError({
      code: 'bad_request',
      message: `Unknown or inactive product${unavailable.length > 1 ? 's' : ''}: ${unavailable.join(', ')}`,
    })
  }
  for (const id of ids) {
    const product = products.get(id)!
    const wanted = lines.filter((l) => l.productId === id).reduce((n, l) => n + l.quantity, 0)
    if (Number(product.stock) < wanted) throw insufficientStock(product.name, id, wanted)
  }
  return lines.map((line) => {
    const product = products.get(line.productId)!
    return { ...line, name: product.name, unitPrice: parseAmount(product.price) }
  })
}

/**
 * Tells every instance's answer cache that the stock of `productIds` moved: a NOTIFY in the
 * caller's transaction, delivered at its commit (the stock is written with raw SQL, which runs
 * no collection hook). The instance that writes holds them at once (`holdChange`).
 */
export const stockChangeTags = (productIds: readonly number[]) =>
  [...new Set(productIds)].flatMap((id) => changeTags('products', id))

/**
 * Holds the cart's units in the caller's transaction with one conditional decrement per
 * product (`stock = stock - q WHERE stock >= q`), so concurrent checkouts can never sell more
 * than there is: the row stays locked until the transaction ends, so callers run this last.
 * A product that ran short since `priceCart` is a 409, and so is one whose price changed.
 */
export async function reserveStock(db: TransactionDb, lines: PricedLine[]): Promise<void> {
  const byProduct = new Map<number, { quantity: number; line: PricedLine }>()
  for (const line of lines) {
    const entry = byProduct.get(line.productId)
    byProduct.set(line.productId, { line, quantity: (entry?.quantity ?? 0) + line.quantity })
  }
  // Lock rows in one global order (by id) so that two carts never wait on each other.
  const sorted = [...byProduct.entries()].sort(([a], [b]) => a - b)
  for (const [productId, { line, quantity }] of sorted) {
    const { rows } = await db.execute<{ price: string }>(sql`
      UPDATE products SET stock = stock - ${quantity}, updated_at = now()
      WHERE id = ${productId} AND active AND stock >= ${quantity}
      RETURNING price::text AS price`)
    const row = rows[0]
    if (!row) throw insufficientStock(line.name, productId, quantity)
    if (parseAmount(row.price) !== line.unitPrice) {
      throw new HttpError({
        code: 'conflict',
        message: `The price of "${line.name}" (product ${productId}) changed during checkout; try again`,
      })
    }
  }
  await notifyChange(db, stockChangeTags(sorted.map(([productId]) => productId)))
}

/** Puts units held by an order back on the shelf, in the caller's transaction. */
export async function releaseStock(db: TransactionDb, lines: CartLine[]): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.productId - b.productId)
  for (const line of sorted) {
    await db.execute(sql`
      UPDATE products SET stock = stock + ${line.quantity}, updated_at = now()
      WHERE id = ${line.productId}`)
  }
  await notifyChange(db, stockChangeTags(sorted.map((line) => line.productId)))
}

const insufficientStock = (name: string, productId: number, quantity: number) =>
  new HttpError({
    code: 'conflict',
    message: `Insufficient stock for "${name}" (product ${productId}): ${quantity} requested`,
  })
