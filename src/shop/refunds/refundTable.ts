import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt as at, type PostgresSchemaHook } from '@/db/schemaHook'

/** Table of the refunds of orders, one row a Stripe refund. */
export const refundTableName = 'order_refunds'

/**
 * Declares the refunds in Payload's schema, so that schema push and migrations create it. A row
 * is written when an administrator's refund is answered by Stripe, or when Stripe's events tell
 * of a refund this service did not ask for (Stripe's dashboard); Stripe's events keep its
 * status. Every writer locks the order's row first.
 */
export const refundTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [refundTableName]: pgTable(
      refundTableName,
      {
        id: serial('id').primaryKey(),
        orderId: integer('order_id').notNull(),
        /** Stripe's `re_...`. */
        stripeRefundId: varchar('stripe_refund_id', { length: 255 }).notNull().unique(),
        /** In the order's minor units (kopecks). */
        amount: integer('amount').notNull(),
        /** Stripe's: `pending`, `requires_action`, `succeeded`, `failed` or `canceled`. */
        status: varchar('status', { length: 32 }).notNull(),
        /** Why, as the administrator wrote it; null for a refund made in Stripe's dashboard. */
        reason: text('reason'),
        /** Stripe's `failure_reason` of a failed refund. */
        failureReason: varchar('failure_reason', { length: 255 }),
        /** Whether the order's units were put back on the shelf with this refund. */
        isRestocked: boolean('is_restocked').notNull().default(false),
        /** Who asked for it (a user id); null for a refund made in Stripe's dashboard. */
        requestedBy: integer('requested_by'),
        createdAt: at('created_at').notNull().defaultNow(),
        updatedAt: at('updated_at').notNull().defaultNow(),
        /** When it was first seen succeeded: `order.refunded` and the buyer's e-mail then, once. */
        succeededAt: at('succeeded_at'),
      },
      (table) => [index(`${refundTableName}_order_idx`).on(table.orderId)],
    ),
  },
})
