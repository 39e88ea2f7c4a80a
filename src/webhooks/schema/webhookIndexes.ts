import { sql } from '@payloadcms/db-postgres'
import { index, type PgTable } from '@payloadcms/db-postgres/drizzle/pg-core'

import type { PostgresSchemaHook } from '@/db/schemaHook'

/**
 * Indexes Payload's field options cannot express, added to its schema so that push and
 * migrations own them: a GIN index on subscriptions' `events` (jsonb) for the fan-out's
 * `events ?| ARRAY[type, '*']`, and the worker's partial index of unfinished deliveries by due time.
 */
export const webhookIndexes: PostgresSchemaHook = ({ schema, extendTable }) => {
  const subscriptions = schema.tables.webhook_subscriptions as PgTable | undefined
  const deliveries = schema.tables.webhook_deliveries as PgTable | undefined
  if (!subscriptions || !deliveries) throw new Error('Webhook collections are not registered')
  extendTable({
    table: subscriptions,
    extraConfig: (table) => ({
      webhookSubscriptionsEventsGin: index('webhook_subscriptions_events_gin').using(
        'gin',
        table.events,
      ),
    }),
  })
  extendTable({
    table: deliveries,
    extraConfig: (table) => ({
      // Only unfinished deliveries: the index stays small however long the log grows.
      webhookDeliveriesDue: index('webhook_deliveries_due_idx')
        .on(table.nextAttemptAt)
        .where(sql`status IN ('pending', 'failed', 'delivering')`),
    }),
  })
  return schema
}
