import { sql } from '@payloadcms/db-postgres'
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  uuid,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt } from '@/db/schemaHook'

/** Longest ordering key (`<resource>:<id>`) an event may carry. */
export const orderingKeyMaxLength = 200

/**
 * A table of business events, one row an event: its id (sent as `webhook-id`), type, data and
 * time, indexed by time, and what ordered delivery needs: the key of the object it is about
 * (`order:42`, from the catalogue) and its place in the order events were emitted (`seq`, taken
 * from the outbox's sequence when the event is written, inside the transaction that caused it:
 * two changes to one object lock its row, so the second one's event has the higher number). The
 * outbox and the event log have this one shape, so that the fan-out moves rows from one to the
 * other column for column; only the outbox draws numbers (`isOutbox`). The event log alone has
 * `addressed_to`: the one subscription a test event was sent to (a test never passes through the
 * outbox, and no fan-out or recover gives it to anyone else); `null` for a business event.
 */
export const eventTable = (name: string, { isOutbox }: { isOutbox: boolean }) =>
  pgTable(
    name,
    {
      id: uuid('id').primaryKey(),
      type: varchar('type', { length: 100 }).notNull(),
      data: jsonb('data').notNull(),
      occurredAt: timestampAt('occurred_at').notNull().defaultNow(),
      seq: isOutbox
        ? bigserial('seq', { mode: 'number' }).notNull()
        : bigint('seq', { mode: 'number' }).notNull(),
      orderingKey: varchar('ordering_key', { length: orderingKeyMaxLength }),
      ...(isOutbox ? {} : { addressedTo: varchar('addressed_to', { length: 100 }) }),
    },
    (table) => [
      index(`${name}_occurred_at_idx`).on(table.occurredAt),
      // The outbox: ordered deliveries of an object wait while an earlier event about it is
      // still here, not yet fanned out (src/webhooks/worker/claimDeliveries.ts).
      ...(isOutbox
        ? [
            // The fan-out takes events in the order they were emitted.
            index(`${name}_seq_idx`).on(table.seq),
            index(`${name}_ordering_key_idx`)
              .on(table.orderingKey, table.seq)
              .where(sql`ordering_key IS NOT NULL`),
          ]
        : []),
    ],
  )
