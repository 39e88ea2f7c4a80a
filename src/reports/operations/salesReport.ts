import type { Payload } from 'payload'

import { soldStatuses } from '../salesPeriod'
import { postgres } from '@/db/transaction'

/** Sales over a window, as the report shows them. */
export type SalesFigures = {
  /** Orders paid (or shipped, delivered, partly refunded) that were created inside the window. */
  count: number
  /** The sum of their totals net of refunds (`total - refunded_amount`), exact to the kopeck. */
  revenue: number
  /** Their average net total rounded half-up to a whole unit of the currency; 0 without orders. */
  avgOrder: number
}

/**
 * One SQL aggregate over the orders created in the last `days` days (the window includes its
 * start), net of their refunds, summed in `numeric` so that no kopeck is lost to binary
 * floats; the partial index
 * `orders_sold_created_at_idx` serves it without reading the table.
 */
export async function salesReport(payload: Payload, days: number): Promise<SalesFigures> {
  const { rows } = await postgres(payload).pool.query<{
    count: number
    revenue: string
    avg: string
  }>(
    `SELECT count(*)::integer AS count,
            coalesce(sum(total - coalesce(refunded_amount, 0)), 0)::text AS revenue,
            coalesce(round(avg(total - coalesce(refunded_amount, 0))), 0)::text AS avg
     FROM orders
     WHERE status = ANY($1::enum_orders_status[])
       AND created_at >= now() - make_interval(days => $2)`,
    [soldStatuses, days],
  )
  const row = rows[0]!
  return { count: row.count, revenue: Number(row.revenue), avgOrder: Number(row.avg) }
}
