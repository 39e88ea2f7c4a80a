import {
  index,
  jsonb,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import type { PostgresSchemaHook } from '@/db/schemaHook'

/** Table of every fanned-out business event, kept for the retention period (for recover). */
export const eventLogTableName = 'webhook_events'

/**
 * Declares the event log in Payload's schema, so that schema push and migrations create it.
 * The fan-out moves each event here from the outbox; `recover` reads it to queue what a
 * subscription missed; the worker's cleanup deletes rows older than the retention period.
 */
export const eventLogTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [eventLogTableName]: pgTable(
      eventLogTableName,
      {
        id: uuid('id').primaryKey(),
        type: varchar('type', { length: 100 }).notNull(),
        data: jsonb('data').notNull(),
        occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
      },
      (table) => [index('webhook_events_occurred_at_idx').on(table.occurredAt)],
    ),
  },
})
