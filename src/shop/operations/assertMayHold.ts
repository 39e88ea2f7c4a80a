import { createHmac } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'

import { HttpError } from '@/http/errors'
import type { TransactionDb } from '@/db/transaction'

/** The buyer a checkout is counted under: where it came from and who it is for. */
export type Buyer = {
  /** `buyerAddressKey` of the client address. */
  addressKey: string
  /** The order's e-mail address (compared without case). */
  email: string
}

/**
 * The client address as stored on an order: a keyed hash (HMAC-SHA256 with the app's secret),
 * enough to count one client's orders, not enough to learn its address.
 */
export const buyerAddressKey = (address: string, secret: string) =>
  createHmac('sha256', secret).update(address).digest('hex').slice(0, 32)

/**
 * Refuses a checkout that would let one client hold more than others can buy: at most
 * `maxPendingOrders` unpaid orders and `maxHeldUnits` units in them, counted per client address
 * and per e-mail address from the orders table, so every app instance counts the same. A cart
 * that alone exceeds the units is a 409 (waiting will not help); otherwise a 429 whose
 * `Retry-After` is when the oldest unpaid order's payment session ends. Runs first in the
 * checkout's transaction: the advisory locks (address first, then e-mail, always in that order)
 * make two checkouts of one client wait for each other, so they never both pass the count.
 */
export async function assertMayHold(args: {
  db: TransactionDb
  buyer: Buyer
  units: number
  limits: { maxPendingOrders: number; maxHeldUnits: number; sessionTtlMinutes: number }
}): Promise<void> {
  const { db, buyer, units, limits } = args
  if (units > limits.maxHeldUnits) {
    throw new HttpError({
      code: 'conflict',
      message: `A cart of ${units} units is more than one buyer may hold unpaid (${limits.maxHeldUnits} units); split it or contact the shop`,
    })
  }
  const email = buyer.email.toLowerCase()
  await db.execute(sql`
    SELECT pg_advisory_xact_lock(hashtextextended(${`checkout:address:${buyer.addressKey}`}, 0)),
           pg_advisory_xact_lock(hashtextextended(${`checkout:email:${email}`}, 0))`)
  const { rows } = await db.execute<{
    by: 'address' | 'email'
    orders: number
    units: number
    oldest: string | null
  }>(sql`
    WITH held AS (
      SELECT o.id, o.created_at, o.buyer_address = ${buyer.addressKey} AS by_address,
             lower(o.customer_email) = ${email} AS by_email,
             (SELECT coalesce(sum(i.quantity), 0) FROM orders_items i WHERE i._parent_id = o.id) AS units
      FROM orders o
      WHERE o.status = 'pending'
        AND (o.buyer_address = ${buyer.addressKey} OR lower(o.customer_email) = ${email})
    )
    SELECT 'address' AS by, count(*)::int AS orders, coalesce(sum(units), 0)::int AS units,
           min(created_at) AS oldest FROM held WHERE by_address
    UNION ALL
    SELECT 'email', count(*)::int, coalesce(sum(units), 0)::int, min(created_at)
    FROM held WHERE by_email`)
  for (const row of rows) {
    const isOverOrders = row.orders + 1 > limits.maxPendingOrders
    const isOverUnits = row.units + units > limits.maxHeldUnits
    if (!isOverOrders && !isOverUnits) continue
    const freesAt = new Date(
      new Date(row.oldest ?? Date.now()).getTime() + limits.sessionTtlMinutes * 60_000,
    )
    const seconds = Math.max(1, Math.ceil((freesAt.getTime() - Date.now()) / 1000))
    const who = row.by === 'address' ? 'This client address' : 'This e-mail address'
    throw new HttpError({
      code: 'rate_limited',
      message:
        `${who} already holds ${row.orders} unpaid orders (${row.units} units); at most ` +
        `${limits.maxPendingOrders} orders and ${limits.maxHeldUnits} units may wait for payment ` +
        `at once. Pay or cancel one, or try again after ${freesAt.toISOString()}, when the ` +
        'oldest payment session ends.',
      headers: { 'Retry-After': String(seconds) },
    })
  }
}
