import { sql } from '@payloadcms/db-postgres'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  uniqueIndex,
  varchar,
  type PgTable,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt, type PostgresSchemaHook } from '@/db/schemaHook'
import { isUnfinishedStatus, unfinishedStatuses, type DeliveryStatus } from '../deliveryStatus'
import { orderingKeyMaxLength } from './eventTable'

/**
 * SQL: delivery `d` is not finished (`pending`, `failed` or `delivering`): it has a next attempt
 * time, which a finished one has not (a check constraint holds the two together). The worker's
 * partial indexes hold only these. Their predicate names no status, so that a claim, which
 * changes only the status and the lease, rewrites the row in place (a HOT update) instead of
 * adding an entry to every index.
 */
export const isUnfinishedSql = (d: string) => `${d}.next_attempt_at IS NOT NULL`
const unfinished = sql`next_attempt_at IS NOT NULL`

/** SQL: the unfinished statuses as a list of literals (`'pending', 'failed', 'delivering'`). */
const unfinishedStatusList = unfinishedStatuses.map((status) => `'${status}'`).join(', ')

/** SQL: delivery `d` is finished (`succeeded`, `dead` or `cancelled`): the finished index's rows. */
export const isFinishedSql = (d: string) => `${d}.next_attempt_at IS NULL`

/**
 * SQL: delivery `d` is in one of the two indexes by subscription: always true. No index holds
 * all of a subscription's deliveries (the unfinished are in the due index, the finished in the
 * finished index), and PostgreSQL uses a partial index only for a condition that implies its
 * predicate: `d.subscription_id = $1 AND` this reaches both (a bitmap OR of the two), where the
 * condition on the subscription alone would read the whole table.
 */
export const isInEitherIndexSql = (d: string) => `(${isUnfinishedSql(d)} OR ${isFinishedSql(d)})`

/**
 * SQL: of deliveries `d` in `status`, the condition that leads a query to the one index by
 * subscription that holds them (the due index for an unfinished status, the finished one else).
 */
export const indexOfStatusSql = (d: string, status: DeliveryStatus) =>
  isUnfinishedStatus(status) ? isUnfinishedSql(d) : isFinishedSql(d)

/**
 * What Payload's field options cannot express, added to its schema so that push and migrations
 * own it:
 * - on subscriptions, a GIN index on `events` (jsonb) for the fan-out's `events ?| ARRAY[type,
 *   '*']`, and the endpoint's back-off and rate-limit state, which only the worker's SQL reads
 *   and writes (no API or admin field);
 * - on deliveries, one delivery per event and subscription (unique, by the event's sequence
 *   number: an event is never queued twice for one endpoint; `recover` and the retention look
 *   deliveries up by it), and two partial indexes by
 *   subscription, which between them hold every delivery once: the claim's, of unfinished
 *   deliveries by subscription and due time, which stays small however long the log grows; and
 *   the finished deliveries by subscription (the delivery log, replay and recover of dead
 *   deliveries, the deletion of a subscription), in place of Payload's own index
 *   on the subscription (`dropSubscriptionIndex`). A fan-out's new deliveries go into the due
 *   index alone: Payload's index was a second entry for each, scattered over the index like the
 *   first (a fifth of the fan-out of one event to 10,000 subscriptions, docs/benchmarks.md). A
 *   query of all of one subscription's deliveries says `isInEitherIndexSql` (Payload's queries:
 *   collections/Webhooks/hooks/reachIndexesBySubscription.ts). No index names a
 *   status or the lease: a claim changes only those (and the attempt count), so it rewrites the
 *   row in place (HOT, in the room `fillfactor` 80 leaves on each page) and writes no index
 *   entry; the deliveries in flight are counted from their subscription's `in_flight` instead. An
 *   outcome moves the next attempt time and so writes an entry in every index whose predicate
 *   the new version meets: beyond these there are only the id and `created_at` (the admin list's
 *   order, the retention cleanup). A check constraint ties the status to the next attempt time;
 *   the migration also sets `fillfactor` (a pushed development or test schema has the default,
 *   100: HOT less often).
 * - no foreign key from a delivery to its subscription (`dropSubscriptionForeignKey`).
 */
export const webhookIndexes: PostgresSchemaHook = ({ schema, extendTable }) => {
  const subscriptions = schema.tables.webhook_subscriptions as PgTable | undefined
  const deliveries = schema.tables.webhook_deliveries as PgTable | undefined
  if (!subscriptions || !deliveries) throw new Error('Webhook collections are not registered')
  extendTable({
    table: subscriptions,
    columns: {
      // 0: healthy; n: the n-th pause in a row (src/webhooks/endpointBackoff.ts).
      backoffLevel: integer('backoff_level').notNull().default(0),
      // The delivery claimed as the probe of the current pause.
      backoffProbeDeliveryId: integer('backoff_probe_delivery_id'),
      // The end of the pause a send asked for by a person interrupted: a failed probe resumes it.
      backoffResumeAt: timestampAt('backoff_resume_at'),
      // Rate limit: when the next send may start (a theoretical arrival time, GCRA).
      rateLimitTat: timestampAt('rate_limit_tat'),
      // Its consumer is suspended by an administrator: its deliveries are held (`isNotHeldSql`).
      consumerSuspended: boolean('consumer_suspended').notNull().default(false),
      // Its deliveries being sent, `{ "<delivery id>": <lease end, epoch ms> }`: the claim adds
      // what it takes, a landed outcome, a give-back and the recovery of a lapsed claim take the
      // entry out, a claim taking a lapsed delivery over replaces it. An entry counts against
      // the endpoint's concurrency cap while its lease runs (src/webhooks/worker/claimDeliveries.ts).
      inFlight: jsonb('in_flight').notNull().default({}),
    },
    extraConfig: (table) => ({
      webhookSubscriptionsEventsGin: index('webhook_subscriptions_events_gin').using(
        'gin',
        table.events,
      ),
    }),
  })
  dropSubscriptionForeignKey(deliveries)
  dropSubscriptionIndex(deliveries)
  extendTable({
    table: deliveries,
    columns: {
      // The event's place in the order events were emitted (webhook_events.seq, one number an
      // event): with the subscription, the delivery's unique key. And the key of the object the
      // event is about, set only for subscriptions with `ordered` (ordered delivery:
      // src/webhooks/worker/claimDeliveries.ts).
      eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
      orderingKey: varchar('ordering_key', { length: orderingKeyMaxLength }),
      // The next attempt was asked for by hand (retry, bulk replay, recover): the attempt log
      // says so.
      isManual: boolean('is_manual').notNull().default(false),
    },
    extraConfig: (table) => ({
      // One delivery an event and subscription, keyed by the event's sequence number rather
      // than its id: each fan-out's keys go after every earlier one's, at the index's right
      // edge, in 8 bytes instead of a 36-character id. Event first: one fan-out inserts all its
      // keys next to each other (subscription first scattered them over the whole index, a
      // third of the fan-out's time when measured); the event's id (random) put them in the
      // middle of the index, and made it half as large again (docs/benchmarks.md).
      webhookDeliveriesEventSubscription: uniqueIndex(
        'webhook_deliveries_event_seq_subscription_idx',
      ).on(table.eventSeq, table.subscription),
      // The partial indexes find an unfinished delivery by its next attempt time (`unfinished`):
      // every unfinished one has it, no finished one does.
      webhookDeliveriesUnfinishedIsDue: check(
        'webhook_deliveries_unfinished_is_due',
        sql.raw(`(next_attempt_at IS NOT NULL) = (status IN (${unfinishedStatusList}))`),
      ),
      webhookDeliveriesDue: index('webhook_deliveries_due_idx')
        .on(table.subscription, table.nextAttemptAt)
        .where(unfinished),
      // The finished deliveries by subscription: what the due index does not hold. Written by
      // the outcome that finishes a delivery, not by the fan-out.
      webhookDeliveriesFinished: index('webhook_deliveries_finished_idx')
        .on(table.subscription)
        .where(sql`next_attempt_at IS NULL`),
      // Ordered delivery: the unfinished deliveries of one object to one subscription, in the
      // order their events were emitted (only ordered subscriptions' rows carry a key).
      webhookDeliveriesOrdered: index('webhook_deliveries_ordered_idx')
        .on(table.subscription, table.orderingKey, table.eventSeq)
        .where(sql`ordering_key IS NOT NULL AND ${unfinished}`),
    }),
  })
  return schema
}

/**
 * Removes the foreign key Payload gives the deliveries' `subscription` relationship. Its check
 * ran once for each row a fan-out inserts and locked the subscription `FOR KEY SHARE` each time:
 * 35 to 40 % of the fan-out of one event to 10,000 subscriptions. Nothing needs it: a deleted
 * subscription deletes its deliveries in the same transaction (`deleteSubscriptionDeliveries`);
 * a delivery a fan-out wrote for a subscription deleted meanwhile is never claimed (a claim locks
 * its active subscription first), is not shown (every view goes through the subscription), and
 * goes with the retention period.
 */
function dropSubscriptionForeignKey(deliveries: PgTable) {
  const symbol = Object.getOwnPropertySymbols(deliveries).find((candidate) =>
    candidate.description?.includes('InlineForeignKeys'),
  )
  const table = deliveries as unknown as Record<symbol, { reference: () => ForeignKeyShape }[]>
  if (!symbol || !Array.isArray(table[symbol])) {
    throw new Error('The deliveries table has no inline foreign keys to look through')
  }
  const before = table[symbol].length
  table[symbol] = table[symbol].filter(
    (key) => !key.reference().columns.some((column) => column.name === 'subscription_id'),
  )
  if (table[symbol].length !== before - 1) {
    throw new Error('Expected one foreign key on webhook_deliveries.subscription_id')
  }
}

type ForeignKeyShape = { columns: { name: string }[] }

/** The index Payload gives every relationship column, here the deliveries' `subscription`. */
const payloadSubscriptionIndex = 'webhook_deliveries_subscription_idx'

/**
 * Removes the index Payload gives the deliveries' `subscription` relationship (it indexes every
 * relationship column, whatever the field says): the due and finished indexes take its place,
 * and a fan-out writes an entry in only one of them.
 */
function dropSubscriptionIndex(deliveries: PgTable) {
  const symbol = Object.getOwnPropertySymbols(deliveries).find((candidate) =>
    candidate.description?.includes('ExtraConfigBuilder'),
  )
  const table = deliveries as unknown as Record<symbol, ExtraConfigBuilder | undefined>
  const build = symbol && table[symbol]
  if (!symbol || typeof build !== 'function') {
    throw new Error('The deliveries table has no index configuration to look through')
  }
  table[symbol] = (columns) => {
    const config = { ...build(columns) }
    if (!(payloadSubscriptionIndex in config)) {
      throw new Error(`Expected Payload's index ${payloadSubscriptionIndex} on webhook_deliveries`)
    }
    delete config[payloadSubscriptionIndex]
    return config
  }
}

type ExtraConfigBuilder = (columns: unknown) => Record<string, unknown>
