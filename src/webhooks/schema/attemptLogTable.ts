import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt, type PostgresSchemaHook } from '@/db/schemaHook'

/** Table of every attempt at sending a delivery: what was sent, what came back, how long. */
export const attemptLogTableName = 'webhook_attempts'

/**
 * Declares the attempt log in Payload's schema (after the collections' tables: it refers to the
 * deliveries), so that schema push and migrations create it.
 * The worker writes one row per attempt in the transaction that records its outcome
 * (src/webhooks/worker/recordOutcomes.ts); a row goes with its delivery: whatever deletes
 * deliveries deletes their attempts in the same transaction (the retention cleanup after each
 * batch, `deleteAttemptsOfSql`; a subscription's deletion before its deliveries, under its lock).
 * No foreign key: its check locked the delivery row (`FOR KEY SHARE`, a WAL record) for each
 * attempt logged, a sixth of the outcome statement's server time (`npm run
 * bench:webhooks:statements`: 49 against 41 µs a delivery). Nothing inserts an attempt but the
 * outcome writer, and only for a delivery it has just updated under its row lock.
 *
 * Each row also names its delivery's subscription, indexed with the time, so that a
 * subscription's last day of attempts (src/webhooks/operations/subscriptionStats.ts) is one
 * index range: reached through the subscription's deliveries it cost time in proportion to its
 * whole history (with 100,000 deliveries, 70 ms against 3 ms for one day's 6,700 attempts).
 */
export const attemptLogTable: PostgresSchemaHook = ({ schema }) => {
  if (!schema.tables.webhook_deliveries) throw new Error('Webhook deliveries are not registered')
  return {
    ...schema,
    tables: {
      ...schema.tables,
      [attemptLogTableName]: pgTable(
        attemptLogTableName,
        {
          id: serial('id').primaryKey(),
          deliveryId: integer('delivery_id').notNull(),
          /** The delivery's subscription (null only in rows written by hand). */
          subscriptionId: varchar('subscription_id'),
          /** 1 for the first attempt of the delivery. */
          attempt: integer('attempt').notNull(),
          /** Sent by hand (retry, replay, recover) rather than on the retry schedule. */
          isManual: boolean('is_manual').notNull().default(false),
          /** When the request started. */
          attemptedAt: timestampAt('attempted_at').notNull(),
          durationMs: integer('duration_ms').notNull(),
          responseStatus: integer('response_status'),
          /** The first 8 KB of the response body. */
          responseBody: text('response_body'),
          error: text('error'),
          /** The `webhook-signature` header sent. */
          signature: varchar('signature', { length: 1000 }),
          /** Every request header sent, by lower-case name; null in rows older than the column. */
          requestHeaders: jsonb('request_headers'),
        },
        (table) => [
          index(`${attemptLogTableName}_delivery_idx`).on(table.deliveryId, table.id),
          index(`${attemptLogTableName}_subscription_idx`).on(
            table.subscriptionId,
            table.attemptedAt,
          ),
        ],
      ),
    },
  }
}

/**
 * SQL: deletes the attempt log of the deliveries whose ids `ids` (an `int[]` expression) lists.
 * Run after the deliveries' own delete, in a statement of its own in the same transaction: its
 * snapshot then sees every attempt an outcome wrote before the delete took the rows' locks, and
 * no outcome can write one after (its update finds the row gone).
 */
export const deleteAttemptsOfSql = (ids: string) =>
  `DELETE FROM ${attemptLogTableName} WHERE delivery_id = ANY (${ids})`
