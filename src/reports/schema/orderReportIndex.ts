import { sql } from '@payloadcms/db-postgres'
import { index } from '@payloadcms/db-postgres/drizzle/pg-core'

import type { PostgresSchemaHook } from '@/db/schemaHook'

/**
 * The sales report reads only sold orders of a recent window: a partial index on their creation
 * time, carrying the total and what was refunded of it, answers it from the index alone.
 */
export const orderReportIndex: PostgresSchemaHook = ({ schema, extendTable }) => {
  const table = schema.tables.orders
  if (!table) return schema
  extendTable({
    table,
    extraConfig: (t) => ({
      orders_sold_created_at_idx: index('orders_sold_created_at_idx')
        .on(t.createdAt, t.total, t.refunded_amount)
        .where(sql`${t.status} IN ('paid', 'shipped', 'delivered', 'partially_refunded')`),
    }),
  })
  return schema
}
