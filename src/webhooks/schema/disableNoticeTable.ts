import { sql } from '@payloadcms/db-postgres'
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt as at, type PostgresSchemaHook } from '@/db/schemaHook'

/** Table of the e-mails owed to owners whose subscriptions were disabled. */
export const disableNoticeTableName = 'webhook_disable_notices'

/**
 * Declares the disable notices in Payload's schema, so that schema push and migrations create
 * it. The worker that disables a subscription writes its row in the same transaction; a notice
 * loop in every process sends it (src/webhooks/operations/sendDisableNotices.ts). A row is due
 * while `next_attempt_at` is set, and settled (sent, or no one to send it to) once it is not.
 */
export const disableNoticeTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [disableNoticeTableName]: pgTable(
      disableNoticeTableName,
      {
        id: serial('id').primaryKey(),
        subscriptionId: varchar('subscription_id').notNull(),
        consumerId: varchar('consumer_id').notNull(),
        endpointUrl: varchar('endpoint_url').notNull(),
        /** The failed attempts in a row that disabled it. */
        failures: integer('failures').notNull(),
        /** When the subscription was disabled. */
        createdAt: at('created_at').notNull().defaultNow(),
        nextAttemptAt: at('next_attempt_at').defaultNow(),
        attempts: integer('attempts').notNull().default(0),
        sentAt: at('sent_at'),
        lastError: text('last_error'),
      },
      (table) => [
        index(`${disableNoticeTableName}_due_idx`)
          .on(table.nextAttemptAt)
          .where(sql`next_attempt_at IS NOT NULL`),
      ],
    ),
  },
})
