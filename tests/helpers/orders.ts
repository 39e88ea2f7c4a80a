import type pg from 'pg'

/**
 * Inserts orders straight into the table (no checkout, no Stripe, no hooks), for report tests
 * and benchmarks: each with a status, a total and a creation time.
 */
export async function insertOrders(
  db: Pick<pg.Pool, 'query'>,
  orders: {
    status: string
    total: string | number
    createdAt: Date | string
    /** What stands refunded of it (0 unless told). */
    refundedAmount?: string | number
  }[],
): Promise<void> {
  if (!orders.length) return
  await db.query(
    `INSERT INTO orders (status, total, customer_email, shipping_address_name,
       shipping_address_line1, shipping_address_city, shipping_address_postal_code,
       shipping_address_country, created_at, updated_at, refunded_amount)
     SELECT o.status::enum_orders_status, o.total::numeric, 'buyer@example.com', 'Buyer',
            '1 Main St', 'Oslo', '0150', 'NO', o.created_at::timestamptz, now(),
            o.refunded::numeric
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       AS o(status, total, created_at, refunded)`,
    [
      orders.map((order) => order.status),
      orders.map((order) => String(order.total)),
      orders.map((order) => new Date(order.createdAt).toISOString()),
      orders.map((order) => String(order.refundedAmount ?? 0)),
    ],
  )
}
