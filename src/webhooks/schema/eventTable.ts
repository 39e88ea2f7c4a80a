import {
  index,
  jsonb,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

/**
 * A table of business events, one row an event: its id (sent as `webhook-id`), type, data and
 * time, indexed by time. The outbox and the event log have this one shape, so that the fan-out
 * moves rows from one to the other column for column.
 */
export const eventTable = (name: string) =>
  pgTable(
    name,
    {
      id: uuid('id').primaryKey(),
      type: varchar('type', { length: 100 }).notNull(),
      data: jsonb('data').notNull(),
      occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 })
        .notNull()
        .defaultNow(),
    },
    (table) => [index(`${name}_occurred_at_idx`).on(table.occurredAt)],
  )
