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

/** Table of the e-mails owed to buyers: a receipt when paid, a notice for each refund. */
export const orderNoticeTableName = 'order_notices'

/**
 * Declares the buyers' notices in Payload's schema, so that schema push and migrations create
 * it. The transaction that paid or refunded the order writes the row (its `key` is unique, so a
 * notice is owed once however often its cause is seen); a notice loop in every process sends it
 * (src/shop/notices/sendOrderNotices.ts). Due while `next_attempt_at` is set.
 */
export const orderNoticeTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [orderNoticeTableName]: pgTable(
      orderNoticeTableName,
      {
        id: serial('id').primaryKey(),
        /** `receipt:<order id>` or `refund:<Stripe refund id>`: one notice per cause. */
        key: varchar('key', { length: 300 }).notNull().unique(),
        orderId: integer('order_id').notNull(),
        /** `receipt` or `refund` (to the buyer), `payment_problem` (to the admins). */
        kind: varchar('kind', { length: 16 }).notNull(),
        /** The refund's row (`order_refunds.id`) of a refund notice. */
        refundId: integer('refund_id'),
        createdAt: at('created_at').notNull().defaultNow(),
        nextAttemptAt: at('next_attempt_at').defaultNow(),
        attempts: integer('attempts').notNull().default(0),
        sentAt: at('sent_at'),
        lastError: text('last_error'),
      },
      (table) => [
        index(`${orderNoticeTableName}_due_idx`)
          .on(table.nextAttemptAt)
          .where(sql`next_attempt_at IS NOT NULL`),
      ],
    ),
  },
})
