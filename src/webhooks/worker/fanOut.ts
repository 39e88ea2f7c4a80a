import type { Pool } from 'pg'

import { neededGrantSql, subscriptionMatchesSql } from '../subscriptionMatch'
import {
  consumerGrantsTableName,
  deliveriesTableName,
  subscriptionsTableName,
} from '../schema/collectionTables'
import { eventLogTableName } from '../schema/eventLogTable'
import { outboxTableName } from '../schema/outboxTable'

/** Events one fan-out statement takes at most, so that it writes a bounded number of rows. */
export const fanOutEventLimit = 100
/**
 * Deliveries one fan-out statement writes at most (about): it takes events, oldest first, only
 * while the deliveries of those before stay under this, and always at least one. One event to
 * 10,000 subscribers is one statement; a hundred of them are a hundred, with claims between.
 */
export const fanOutDeliveryBudget = 20_000

/** A fan-out that wrote at most this many deliveries names their subscriptions. */
const namedSubscriptionsLimit = 1000

/** What a fan-out did. */
export type FannedOut = {
  events: number
  deliveries: number
  /**
   * The subscriptions of the deliveries written, when there were at most 1,000: the worker
   * claims for them without scanning for due deliveries (the commit-to-receipt path). `null`
   * when there were more: the scan finds them.
   */
  subscriptionIds: string[] | null
}

/**
 * Fans out outbox events, oldest first, in one statement: every active subscription whose
 * `events` contain the type or `*` (the GIN index on `events`), whose `filter` the data
 * contains and whose consumer holds the type's grant gets one delivery row (a type the consumer
 * is not granted gets none: nothing to cancel later, nothing for the send path to check), which refers to the event (its payload is stored once, in the
 * event log, and the signed body is built when sending); the events move from the outbox to the
 * event log (kept for the retention period, for `recover` and for sending). Ordered
 * subscriptions' deliveries carry the event's ordering key and sequence number. `SKIP LOCKED`
 * lets any number of workers share the outbox; an event is fanned out exactly once. A statement
 * takes at most `limit` events and, past the first, stops before `budget` deliveries, so that the
 * worker claims between chunks of a large fan-out. Returns how many of each, and the
 * subscriptions of a small fan-out.
 */
export async function fanOut(
  pool: Pick<Pool, 'query'>,
  { limit = fanOutEventLimit, budget = fanOutDeliveryBudget } = {},
): Promise<FannedOut> {
  // The grant each event's type needs is worked out once an event (in `candidates` and
  // `events`), not once a subscription in the join.
  const matches = subscriptionMatchesSql(
    's',
    'o.type',
    'o.data',
    consumerGrantsTableName,
    'o.needed_grant',
  )
  const { rows } = await pool.query<{
    events: number
    deliveries: number
    subscription_ids: string[] | null
  }>({
    name: 'webhook-fan-out',
    text: `WITH candidates AS (
       SELECT id, seq, type, data, ${neededGrantSql('type')} AS needed_grant,
              row_number() OVER (ORDER BY seq) AS rank,
              count(*) OVER () AS total
       FROM (SELECT id, seq, type, data FROM ${outboxTableName}
             ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED) c
     ), sized AS (
       -- The deliveries of the events before each one; the last event's own count is never
       -- needed (nor, for one event alone, any count). \`o\`: the event \`matches\` reads.
       SELECT o.id, coalesce(sum(m.n) OVER (ORDER BY o.seq ROWS BETWEEN UNBOUNDED PRECEDING
                                             AND 1 PRECEDING), 0) AS before
       FROM candidates o
       CROSS JOIN LATERAL (
         SELECT CASE WHEN o.rank = o.total THEN 0 ELSE (
           SELECT count(*) FROM ${subscriptionsTableName} s WHERE s.is_active AND ${matches}) END AS n
       ) m
     ), events AS (
       -- Through the primary key, the ids gathered once (\`= ANY (ARRAY(...))\`): however many
       -- events wait, and whatever the plan expects of the outbox (kept from when it was empty,
       -- a join read it whole again for each of its rows, and counted each candidate's
       -- subscribers as often).
       DELETE FROM ${outboxTableName} o
       WHERE o.id = ANY (ARRAY(SELECT id FROM sized WHERE before < $2))
       RETURNING o.id, o.type, o.data, o.occurred_at, o.seq, o.ordering_key,
                 ${neededGrantSql('o.type')} AS needed_grant
     ), logged AS (
       INSERT INTO ${eventLogTableName} (id, type, data, occurred_at, seq, ordering_key)
       SELECT id, type, data, occurred_at, seq, ordering_key FROM events
     ), inserted AS (
       INSERT INTO ${deliveriesTableName} (subscription_id, event_id, event_type, occurred_at,
         event_seq, ordering_key, status, attempts, next_attempt_at)
       SELECT s.id, o.id, o.type, o.occurred_at, o.seq,
              CASE WHEN s.ordered THEN o.ordering_key END, 'pending', 0, now()
       FROM events o
       JOIN ${subscriptionsTableName} s ON s.is_active AND ${matches}
       -- In the order of the index led by the subscription (the due index): one
       -- sweep along their leaves rather than a jump for each row. One event to 10,000
       -- subscriptions took 75 to 77 ms a statement at the median against 92 ms unsorted.
       -- Compared byte by byte ("C"), which for the ids' ASCII is the indexes' order under the
       -- usual database collations, at half the sort's cost (4 against 8 ms for 10,000 ids); a
       -- collation that orders them otherwise costs locality, not correctness.
       ORDER BY s.id COLLATE "C", o.seq
       RETURNING subscription_id
     )
     SELECT (SELECT count(*) FROM events)::int AS events,
            (SELECT count(*) FROM inserted)::int AS deliveries,
            CASE WHEN (SELECT count(*) FROM inserted) <= $3
              THEN (SELECT array_agg(DISTINCT subscription_id) FROM inserted) END AS subscription_ids`,
    values: [limit, budget, namedSubscriptionsLimit],
  })
  const result = rows[0]
  return {
    events: result?.events ?? 0,
    deliveries: result?.deliveries ?? 0,
    subscriptionIds: result?.subscription_ids ?? null,
  }
}
