import { sql } from '@payloadcms/db-postgres'
import {
  bigint,
  index,
  integer,
  pgTable,
  timestamp,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Pool } from 'pg'

import { inPoolTransaction } from '@/db/poolTransaction'
import type { PostgresSchemaHook } from '@/db/schemaHook'
import { orderingKeyMaxLength } from './eventTable'

/** The deliveries' log: one row a delivery, kept for the retention period. */
export const deliveriesTableName = 'webhook_deliveries'

/** The queue: one narrow row for each delivery that is not finished (due, waiting or in flight). */
export const deliveryQueueTableName = 'webhook_queue'

/**
 * The queue of runnable deliveries: what the worker's scan, claim and in-flight count read, and
 * nothing else. A row holds a delivery's subscription, when it is due, the lease of the claim
 * sending it (none while it waits), and what ordered delivery needs (the event's place and the
 * object's key). Its three indexes are the ones the worker goes by; the log
 * (`webhook_deliveries`) keeps none on what a claim or an outcome changes, so that those updates
 * of the log are HOT (written in the same page, no index touched).
 *
 * The log is the truth and the queue follows it: statement triggers on the log
 * (`deliveryQueueTriggersSql`) keep exactly one row here for each delivery that is `pending`,
 * `failed` or `delivering`, in the transaction that writes the log, whoever writes it (fan-out,
 * claim, outcome, retry, replay, recover, the lease recovery, retention, an operator's SQL).
 */
export const deliveryQueueTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [deliveryQueueTableName]: pgTable(
      deliveryQueueTableName,
      {
        deliveryId: integer('delivery_id').primaryKey(),
        subscriptionId: varchar('subscription_id').notNull(),
        dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
        leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, precision: 3 }),
        eventSeq: bigint('event_seq', { mode: 'number' }),
        orderingKey: varchar('ordering_key', { length: orderingKeyMaxLength }),
      },
      (table) => [
        // The scan's loose index scan (each subscription's oldest due delivery) and the claim.
        index('webhook_queue_due_idx').on(table.subscriptionId, table.dueAt),
        // The deliveries being sent, by subscription: the endpoint's concurrency count.
        index('webhook_queue_in_flight_idx')
          .on(table.subscriptionId)
          .where(sql`lease_expires_at IS NOT NULL`),
        // Ordered delivery: an object's deliveries to one subscription, in event order.
        index('webhook_queue_ordered_idx')
          .on(table.subscriptionId, table.orderingKey, table.eventSeq)
          .where(sql`ordering_key IS NOT NULL`),
      ],
    ),
  },
})

/** A delivery in these statuses has a row in the queue. */
const unfinished = `('pending', 'failed', 'delivering')`

/** The queue's row of each log row `rows` (a transition table) that is not finished. */
const queueRowsOf = (rows: string) => `
  SELECT r.id, r.subscription_id, coalesce(r.next_attempt_at, now()),
         CASE WHEN r.status = 'delivering' THEN r.lease_expires_at END,
         r.event_seq, r.ordering_key
  FROM ${rows} r
  WHERE r.status IN ${unfinished} AND r.subscription_id IS NOT NULL`

/**
 * The log's statement triggers that keep the queue (one statement each, however many rows: a
 * fan-out of 10,000 deliveries is one insert into the queue, not 10,000). Every `id` list is
 * an `ARRAY(...)` so that each queue row is reached through the primary key, whatever the
 * planner guesses of a transition table's size. Also the log's fill factor: room in each page
 * for the new versions of its rows, so that claims and outcomes stay HOT.
 */
export const deliveryQueueTriggersSql = `
CREATE OR REPLACE FUNCTION webhook_queue_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ${deliveryQueueTableName}
    (delivery_id, subscription_id, due_at, lease_expires_at, event_seq, ordering_key)
  ${queueRowsOf('inserted_rows')};
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION webhook_queue_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ${deliveryQueueTableName}
  WHERE delivery_id = ANY (ARRAY(
    SELECT r.id FROM updated_rows r WHERE r.status NOT IN ${unfinished}));
  INSERT INTO ${deliveryQueueTableName} AS q
    (delivery_id, subscription_id, due_at, lease_expires_at, event_seq, ordering_key)
  ${queueRowsOf('updated_rows')}
  ON CONFLICT (delivery_id) DO UPDATE
  SET subscription_id = excluded.subscription_id, due_at = excluded.due_at,
      lease_expires_at = excluded.lease_expires_at, event_seq = excluded.event_seq,
      ordering_key = excluded.ordering_key
  WHERE (q.subscription_id, q.due_at, q.lease_expires_at, q.event_seq, q.ordering_key)
    IS DISTINCT FROM (excluded.subscription_id, excluded.due_at, excluded.lease_expires_at,
                      excluded.event_seq, excluded.ordering_key);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION webhook_queue_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ${deliveryQueueTableName}
  WHERE delivery_id = ANY (ARRAY(SELECT r.id FROM deleted_rows r));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_deliveries_queue_insert AFTER INSERT ON ${deliveriesTableName}
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_queue_after_insert();
CREATE OR REPLACE TRIGGER webhook_deliveries_queue_update AFTER UPDATE ON ${deliveriesTableName}
  REFERENCING NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_queue_after_update();
CREATE OR REPLACE TRIGGER webhook_deliveries_queue_delete AFTER DELETE ON ${deliveriesTableName}
  REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_queue_after_delete();

ALTER TABLE ${deliveriesTableName} SET (fillfactor = 70);
`

/**
 * Where Payload pushed the schema (development, tests) rather than migrated it, installs the
 * triggers (push knows tables and indexes, not triggers) and, the first time, queues the
 * deliveries the log already holds unfinished. A pushed database is one whose migrations table
 * holds Payload's push marker (batch -1); on any other (migrated, or not yet: `npm run migrate`
 * starts Payload before it applies the migrations) nothing is done, and the migration installs
 * them. Idempotent; instances starting together take turns.
 */
export async function installDeliveryQueue(pool: Pool) {
  await inPoolTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_queue_install'))`)
    const { rows: pushed } = await client.query<{ is_pushed: boolean }>(
      `SELECT to_regclass('payload_migrations') IS NOT NULL
         AND to_regclass('${deliveriesTableName}') IS NOT NULL AS is_pushed`,
    )
    if (!pushed[0]?.is_pushed) return
    const { rowCount } = await client.query(`SELECT 1 FROM payload_migrations WHERE batch = -1`)
    if (!rowCount) return
    const { rows } = await client.query<{ installed: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_trigger
         WHERE tgname = 'webhook_deliveries_queue_insert'
           AND tgrelid = '${deliveriesTableName}'::regclass) AS installed`,
    )
    await client.query(deliveryQueueTriggersSql)
    if (rows[0]?.installed) return
    await client.query(`INSERT INTO ${deliveryQueueTableName}
        (delivery_id, subscription_id, due_at, lease_expires_at, event_seq, ordering_key)
      ${queueRowsOf(deliveriesTableName)}
      ON CONFLICT (delivery_id) DO NOTHING`)
  })
}
