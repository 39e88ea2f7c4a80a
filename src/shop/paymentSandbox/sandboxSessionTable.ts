import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt as at, type PostgresSchemaHook } from '@/db/schemaHook'

/** The payment sandbox's refunds. */
export const sandboxRefundTableName = 'payment_sandbox_refunds'

/** The payment sandbox's Checkout Sessions (a stand-in for Stripe's, so they outlive restarts). */
export const sandboxSessionTableName = 'payment_sandbox_sessions'

/**
 * Declares the sandbox's session table in Payload's schema, so that schema push and migrations
 * create it. One row a session: its Stripe-shaped object and lines, and the one event it owes
 * the shop (`checkout.session.completed` or `.expired`) until the shop has accepted it.
 */
export const sandboxSessionTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [sandboxSessionTableName]: pgTable(
      sandboxSessionTableName,
      {
        id: varchar('id', { length: 80 }).primaryKey(),
        /** The creating request's `Idempotency-Key`: a retry gets the same session. */
        idempotencyKey: varchar('idempotency_key', { length: 255 }).unique(),
        /** `open`, `complete` or `expired`. */
        status: varchar('status', { length: 16 }).notNull(),
        /** The session as the API answers it. */
        session: jsonb('session').notNull(),
        /** Its lines, for the payment page. */
        lines: jsonb('lines').notNull(),
        expiresAt: at('expires_at').notNull(),
        createdAt: at('created_at').notNull().defaultNow(),
        /** The event owed to the shop, once the session completed or expired. */
        event: jsonb('event'),
        eventAttempts: integer('event_attempts').notNull().default(0),
        /** When the event may be sent (again); a sender claims it by moving this ahead. */
        eventNextAttemptAt: at('event_next_attempt_at'),
        eventDeliveredAt: at('event_delivered_at'),
        eventLastError: text('event_last_error'),
      },
      (table) => [
        index(`${sandboxSessionTableName}_open_idx`).on(table.status, table.expiresAt),
        index(`${sandboxSessionTableName}_event_due_idx`).on(table.eventNextAttemptAt),
      ],
    ),
    // One row a refund the sandbox made (Stripe's `POST /v1/refunds`), as the API answers it.
    [sandboxRefundTableName]: pgTable(
      sandboxRefundTableName,
      {
        id: varchar('id', { length: 80 }).primaryKey(),
        paymentIntent: varchar('payment_intent', { length: 80 }).notNull(),
        /** The creating request's `Idempotency-Key`: a retry gets the same refund. */
        idempotencyKey: varchar('idempotency_key', { length: 255 }).unique(),
        refund: jsonb('refund').notNull(),
        createdAt: at('created_at').notNull().defaultNow(),
      },
      (table) => [index(`${sandboxRefundTableName}_payment_idx`).on(table.paymentIntent)],
    ),
  },
})
