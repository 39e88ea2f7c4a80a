import type { Pool } from 'pg'

import { inPoolTransaction } from '@/db/poolTransaction'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { eventLogTableName } from '../schema/eventLogTable'
import { outboxTableName } from '../schema/outboxTable'
import { isUnfinishedSql } from '../schema/webhookIndexes'
import { dateOfMs, epochMsSql } from './epochMs'
/** A delivery claimed by this worker, with what sending it needs. */
export type ClaimedDelivery = {
  id: number
  eventId: string
  eventType: string
  payload: unknown
  occurredAt: Date
  /** Attempt number of this send (1-based). */
  attempt: number
  /** Asked for by hand (retry, bulk replay, recover), not by the retry schedule. */
  isManual: boolean
  /** A test event (addressed to this subscription alone): sent marked as a test. */
  isTest: boolean
  subscriptionId: string
  endpointUrl: string
  secret: string
  secretOld: string | null
  secretRotatedAt: Date | null
  /** The secret before `secretOld`, kept by a second rotation inside the window, and until when. */
  secretOlder: string | null
  secretOlderValidUntil: Date | null
  headers: Record<string, unknown> | null
  timeoutSeconds: number
  /** When the claim lapses and another worker may take the delivery. */
  leaseExpiresAt: Date
}

/** Limits of one claim. */
export type ClaimLimits = {
  /** Subscriptions to claim for, in turn: those `findDueSubscriptions` found, at most `limit`. */
  subscriptionIds: string[]
  /** Deliveries to claim at most: the worker's free slots (sending, or waiting to send). */
  limit: number
  /** How long the claim holds. */
  leaseMs: number
  /** Sends in flight at once to one subscription's endpoint, across all workers. */
  endpointConcurrency: number
  /** This worker's deliveries whose sends have ended, outcomes not yet written. */
  finished?: FinishedSends
}

/** A delivery whose send has ended: the lease it was sent under, and its subscription. */
export type FinishedSend = {
  /** The lease's end in epoch milliseconds (the column holds milliseconds). */
  leaseMs: number
  subscriptionId: string
}

/** Deliveries whose sends have ended, by id. */
export type FinishedSends = ReadonlyMap<number, FinishedSend>

/**
 * `FinishedSends` as two array parameters, ids and leases (epoch ms), only those of
 * `subscriptionIds` when given. A worker holds a hundred or more while its outcomes are written,
 * and a claim runs every few milliseconds: writing every lease out as a timestamp for every claim
 * cost about a tenth of the worker's CPU. Numbers cost the driver and the server less.
 */
const finishedParams = (finished: FinishedSends = new Map(), subscriptionIds?: string[]) => {
  const only = subscriptionIds && new Set(subscriptionIds)
  const ids: number[] = []
  const leases: number[] = []
  for (const [id, send] of finished) {
    if (only && !only.has(send.subscriptionId)) continue
    ids.push(id)
    leases.push(send.leaseMs)
  }
  return [ids, leases]
}

/**
 * SQL: how many more sends subscription `s` may have in flight now, across all workers: its
 * cap (`$cap`; one, the probe, while it backs off) less the deliveries being sent under a live
 * lease, counted from the subscription's own row (`in_flight`: delivery id to lease end, which
 * the claim adds to and a landed outcome takes out; an entry whose lease lapsed no longer
 * counts), but for `finished`: this worker's sends that have ended and whose outcomes are still
 * being written (they are `delivering` in the table until then, but no longer in flight, so the
 * endpoint's next sends need not wait for that write), each only while the delivery is still
 * held under the claim it was sent under (a worker that paused past its lease must not count
 * the send of the worker that took the delivery over as ended). The scan and the claim share this one
 * definition.
 */
const freeSlotsSql = (
  cap: string,
  finishedIds: string,
  finishedLeases: string,
) => `(CASE WHEN s.backoff_level > 0 THEN 1 ELSE ${cap}::int END - (
  SELECT count(*)::int FROM jsonb_each_text(s.in_flight) AS f(id, lease_ms)
  WHERE f.lease_ms::int8 > ${epochMsSql('now()')}
    AND (f.id::int, f.lease_ms::int8) NOT IN (
      SELECT u.id, u.lease_ms FROM unnest(${finishedIds}::int[], ${finishedLeases}::int8[]) AS u(id, lease_ms))))`

/** SQL: delivery `d` is being sent under a live lease (no other claim may take it). */
export const isInFlightSql = (d: string) =>
  `(${d}.status = 'delivering' AND ${d}.lease_expires_at > now())`

/**
 * SQL: subscription row `s` is not held by an administrator's suspension, of its own
 * (`suspended`) or of its consumer's (`consumer_suspended`, which the consumer's save writes on
 * each of its subscriptions). A held subscription's deliveries stay queued, due as they were: no
 * claim takes them, none is counted as an attempt or a failure, and once the suspension ends they
 * go as any due delivery does, oldest first. Two conditions on the subscription's own row, never
 * per delivery (a probe of the consumers' primary key here made the claim's lock statement
 * 1.5 times as long). The scan, the claim and the recovery of lapsed claims share it.
 */
export const isNotHeldSql = (s: string) =>
  `(${s}.suspended IS NOT TRUE AND NOT ${s}.consumer_suspended)`

/**
 * SQL: row `earlier` of the deliveries is one that delivery `d` of an ordered subscription waits
 * for: an unfinished delivery to the same subscription of an earlier event about the same
 * object (`dead` and `succeeded` are finished: a given-up head releases the next). The claim and
 * what a delivery is shown to wait for (`findWhatDeliveriesWaitFor`) share this definition.
 */
export const isEarlierOfItsObjectSql = `earlier.subscription_id = d.subscription_id
      AND earlier.ordering_key = d.ordering_key AND earlier.event_seq < d.event_seq
      AND ${isUnfinishedSql('earlier')}`

/**
 * SQL: how far a subscription's rate limit lets its theoretical arrival time run ahead of now,
 * the burst it allows (one second's worth of its rate). The claim and `findWhatDeliveriesWaitFor`
 * share it.
 */
export const rateLimitBurstSql = `interval '1 second'`

/**
 * SQL: delivery `d` of an ordered subscription may be sent now, because no earlier event about
 * the same object is still on its way to that subscription: no delivery it waits for
 * (`isEarlierOfItsObjectSql`), and none still in the outbox, not yet fanned out (another
 * worker's fan-out of an earlier chunk may commit after this one's).
 */
const isHeadOfItsObjectSql = `NOT EXISTS (
    SELECT 1 FROM ${deliveriesTableName} earlier WHERE ${isEarlierOfItsObjectSql})
  AND NOT EXISTS (
    SELECT 1 FROM ${outboxTableName} o
    WHERE o.ordering_key = d.ordering_key AND o.seq < d.event_seq)`

/**
 * Active subscriptions that have due deliveries and could take one now (not pausing, not held
 * by a suspension, not at their concurrency cap), the longest-waiting first, at most `limit`: the candidates of the
 * next claims. Due: unfinished deliveries whose time has come and that are not being sent under
 * a live lease (a claim leaves `next_attempt_at` as it was, so one whose lease lapsed, its
 * worker dead, is due again at once and the partial due index finds it).
 *
 * A loose index scan: the due index is ordered by subscription, then due time, so each
 * subscription's oldest delivery not in flight is found at the start of its range (past at most
 * the deliveries in flight, as many as its cap), and one step of the recursion jumps from one
 * subscription to the next. The scan costs one index probe per
 * subscription with unfinished deliveries, however many deliveries each has queued (grouping
 * the due rows cost time in proportion to the queue: 100,000 queued to one endpoint made every
 * scan read 100,000 rows, and a backlog drained in quadratic time). A worker still runs it only
 * when its candidates run out and something may have come due, and claims from the list in
 * between.
 */
export async function findDueSubscriptions(
  pool: Pool,
  args: { limit: number; endpointConcurrency: number; finished?: FinishedSends },
): Promise<string[]> {
  // Not a prepared statement: planned each time with its values (a scan runs at most about
  // once a second). The generic plan of the grouping scan it replaced, which PostgreSQL
  // switches a prepared statement to after five runs, took 0.8 s a scan on a queue of 10,000.
  const { rows } = await pool.query<{ id: string }>({
    text: `WITH RECURSIVE heads AS (
         (SELECT d.subscription_id AS id, d.next_attempt_at AS oldest
          FROM ${deliveriesTableName} d
          WHERE ${isUnfinishedSql('d')} AND NOT ${isInFlightSql('d')}
          ORDER BY d.subscription_id, d.next_attempt_at
          LIMIT 1)
         UNION ALL
         SELECT next.id, next.oldest FROM heads h CROSS JOIN LATERAL (
           SELECT d.subscription_id AS id, d.next_attempt_at AS oldest
           FROM ${deliveriesTableName} d
           WHERE ${isUnfinishedSql('d')} AND NOT ${isInFlightSql('d')} AND d.subscription_id > h.id
           ORDER BY d.subscription_id, d.next_attempt_at
           LIMIT 1
         ) next
       )
       SELECT due.id FROM heads due
       JOIN ${subscriptionsTableName} s ON s.id = due.id AND s.is_active
         AND (s.backoff_until IS NULL OR s.backoff_until <= now()) AND ${isNotHeldSql('s')}
       WHERE due.oldest <= now() AND ${freeSlotsSql('$2', '$3', '$4')} > 0
       ORDER BY due.oldest
       LIMIT $1`,
    values: [args.limit, args.endpointConcurrency, ...finishedParams(args.finished)],
  })
  return rows.map((row) => row.id)
}

/**
 * Claims up to `limit` due deliveries of the given subscriptions, and only what their endpoints
 * may take now, so that no endpoint takes more than its share of any worker (what a worker holds
 * counts as in flight, whether it is being sent or waits for a slot). Each subscription gets at
 * most an equal share of the limit (shared among those that may take a delivery now), and:
 *
 * - it must still be active, not pausing (`backoff_until` in the future) and not held by a
 *   suspension (`isNotHeldSql`);
 * - at most `endpointConcurrency` of its deliveries are in flight, counted across all workers;
 *   during a back-off at most one, the probe, which pushes `backoff_until` to its lease's end
 *   so that no second probe starts while it runs;
 * - within its rate limit: `rate_limit_tat` (when the next send may start, GCRA) may run at
 *   most one second ahead of now, which allows a burst of one second's worth.
 *
 * One statement, one round trip, no transaction around it. Each subscription row is locked
 * (`FOR NO KEY UPDATE SKIP LOCKED`: one skipped is being claimed for or written to by another
 * worker, and waits for the next turn) before its free slots are counted, and they are counted
 * from the locked row: a row that another claim changed and committed after this statement's
 * snapshot is locked in its newest version, and PostgreSQL evaluates the conditions and the
 * count on that version (READ COMMITTED's recheck of a locked row). Its deliveries that such a
 * claim took are passed over the same way: each is locked (`FOR UPDATE SKIP LOCKED`, so each is
 * handed to exactly one worker) and its conditions rechecked on its newest version. (When the
 * in-flight count was read from the deliveries, it needed the lock in a statement of its own
 * before it, in one transaction: a count from the statement's own snapshot let an endpoint
 * capped at 10 get 11 sends. `webhooksEndpointCap.test.ts` replays that race.) Four round trips
 * a claim became one: the claim's wait on the server was what kept the sends short of their
 * slots (section "One statement a claim" of docs/benchmarks.md).
 *
 * `pool` should be the worker's claim connection (`openClaimPool`), which keeps this prepared
 * statement's generic plan. Returns the deliveries claimed, and the subscriptions that filled
 * their share (they may have more: they take another turn).
 */
export async function claimDeliveries(
  pool: Pool,
  args: ClaimLimits,
): Promise<{ deliveries: ClaimedDelivery[]; mayHaveMore: string[] }> {
  if (!args.subscriptionIds.length || args.limit <= 0) return { deliveries: [], mayHaveMore: [] }
  // Every row the statement touches is reached through an index by id (`LATERAL`, and
  // `= ANY (ARRAY(...))`): the generic plan cannot know how many rows a claim takes, and with a
  // join it guessed 1,000 and hashed the whole deliveries table for each claim (23 ms a claim of
  // 10 with 100,000 queued, so a backlog drained slower the larger it was); the generic plan of
  // `id = ANY($1)` on the subscriptions scanned the whole table (5 ms a claim of 46 with 1,000).
  const { rows } = await pool.query({
    name: 'webhook-claim',
    text: `WITH eligible AS (
       SELECT s.id, c.turn, s.rate, s.rate_limit_tat, s.free
       FROM unnest($4::varchar[]) WITH ORDINALITY AS c(id, turn)
       CROSS JOIN LATERAL (
         SELECT s.id, s.max_deliveries_per_second::float8 AS rate, s.rate_limit_tat,
                ${freeSlotsSql('$3', '$5', '$6')} AS free
         FROM ${subscriptionsTableName} s
         WHERE s.id = c.id AND s.is_active
           AND (s.backoff_until IS NULL OR s.backoff_until <= now()) AND ${isNotHeldSql('s')}
         FOR NO KEY UPDATE OF s SKIP LOCKED
       ) s
       WHERE s.free > 0
         AND (s.rate IS NULL OR s.rate_limit_tat IS NULL
              OR s.rate_limit_tat < now() + ${rateLimitBurstSql})
     ), shared AS (
       SELECT ceil($1::float8 / greatest(count(*), 1))::int AS share FROM eligible
     ), rooms AS (
       SELECT e.id, e.turn, LEAST(e.free, sh.share,
         CASE WHEN e.rate IS NULL THEN sh.share ELSE floor(e.rate * extract(epoch FROM
           now() + ${rateLimitBurstSql} - greatest(coalesce(e.rate_limit_tat, now()), now())))::int END
       ) AS room
       FROM eligible e CROSS JOIN shared sh
     ), picked AS (
       SELECT p.id, r.id AS subscription_id, r.turn,
              row_number() OVER (PARTITION BY r.id ORDER BY p.next_attempt_at, p.id) AS rank
       FROM rooms r CROSS JOIN LATERAL (
         SELECT d.id, d.next_attempt_at FROM ${deliveriesTableName} d
         WHERE d.subscription_id = r.id AND ${isUnfinishedSql('d')}
           AND d.next_attempt_at <= now() AND NOT ${isInFlightSql('d')}
           AND (d.ordering_key IS NULL OR (${isHeadOfItsObjectSql}))
         ORDER BY d.next_attempt_at
         LIMIT greatest(r.room, 0)
         FOR UPDATE SKIP LOCKED
       ) p
     ), chosen AS (
       SELECT id, subscription_id FROM picked ORDER BY rank, turn LIMIT $1
     ), claimed AS (
       UPDATE ${deliveriesTableName} d
       SET status = 'delivering', attempts = coalesce(d.attempts, 0) + 1, last_attempt_at = now(),
           lease_expires_at = now() + make_interval(secs => $2::float8 / 1000)
       WHERE d.id = ANY (ARRAY(SELECT id FROM chosen))
       RETURNING d.id, d.subscription_id, d.event_id, d.event_type, d.occurred_at, d.attempts,
                 d.is_manual, d.lease_expires_at
     ), per_subscription AS (
       SELECT subscription_id, count(*)::int AS claimed, min(id) AS first_id,
              jsonb_object_agg(id::text, ${epochMsSql('lease_expires_at')}::int8) AS leases
       FROM claimed GROUP BY subscription_id
     ), paced AS (
       UPDATE ${subscriptionsTableName} s
       SET in_flight = s.in_flight || c.leases,
           rate_limit_tat = CASE WHEN s.max_deliveries_per_second IS NULL THEN s.rate_limit_tat
             ELSE greatest(coalesce(s.rate_limit_tat, now()), now())
                  + make_interval(secs => c.claimed / s.max_deliveries_per_second::float8) END,
           backoff_until = CASE WHEN s.backoff_level > 0
             THEN now() + make_interval(secs => $2::float8 / 1000) ELSE s.backoff_until END,
           backoff_probe_delivery_id = CASE WHEN s.backoff_level > 0
             THEN c.first_id ELSE s.backoff_probe_delivery_id END
       FROM per_subscription c
       WHERE s.id = c.subscription_id
         AND s.id = ANY (ARRAY(SELECT subscription_id FROM per_subscription))
     )
     SELECT c.id, c.event_id, c.event_type, e.data AS payload, e.addressed_to IS NOT NULL AS is_test,
            ${epochMsSql('c.occurred_at')} AS occurred_ms,
            c.attempts::int AS attempt, c.is_manual, ${epochMsSql('c.lease_expires_at')} AS lease_ms,
            s.id AS subscription_id, s.endpoint_url, s.secret, s.secret_old,
            ${epochMsSql('s.secret_rotated_at')} AS secret_rotated_ms, s.secret_older,
            ${epochMsSql('s.secret_older_valid_until')} AS secret_older_valid_until_ms, s.headers,
            s.timeout_seconds::int AS timeout_seconds, (SELECT share FROM shared) AS share
     FROM claimed c
     CROSS JOIN LATERAL (
       SELECT s.id, s.endpoint_url, s.secret, s.secret_old, s.secret_rotated_at, s.secret_older,
              s.secret_older_valid_until, s.headers, s.timeout_seconds
       FROM ${subscriptionsTableName} s WHERE s.id = c.subscription_id LIMIT 1) s
     LEFT JOIN LATERAL (
       SELECT e.data, e.addressed_to FROM ${eventLogTableName} e WHERE e.id = c.event_id::uuid
       LIMIT 1) e ON true`,
    values: [
      args.limit,
      args.leaseMs,
      args.endpointConcurrency,
      args.subscriptionIds,
      ...finishedParams(args.finished, args.subscriptionIds),
    ],
  })
  const deliveries = rows.map((row): ClaimedDelivery => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    occurredAt: new Date(row.occurred_ms),
    attempt: row.attempt,
    isManual: row.is_manual,
    isTest: row.is_test === true,
    subscriptionId: row.subscription_id,
    endpointUrl: row.endpoint_url,
    secret: row.secret,
    secretOld: row.secret_old,
    secretRotatedAt: dateOfMs(row.secret_rotated_ms),
    secretOlder: row.secret_older,
    secretOlderValidUntil: dateOfMs(row.secret_older_valid_until_ms),
    headers: row.headers,
    timeoutSeconds: row.timeout_seconds,
    leaseExpiresAt: new Date(row.lease_ms),
  }))
  const counts = new Map<string, number>()
  for (const { subscriptionId } of deliveries) {
    counts.set(subscriptionId, (counts.get(subscriptionId) ?? 0) + 1)
  }
  // A claim that took nothing names no subscription as having more (every one of them would
  // otherwise match an undefined share, and the worker would claim for them again at once, in
  // a loop that never slept while any was at its cap).
  const share: number | undefined = rows[0]?.share
  const mayHaveMore =
    share === undefined ? [] : args.subscriptionIds.filter((id) => counts.get(id) === share)
  return { deliveries, mayHaveMore }
}

/**
 * Gives back a claimed delivery this worker will not send (its lease ran too short while it
 * waited for a slot): due at once, its attempt not counted, and out of its subscription's
 * deliveries in flight. Nothing changes if another worker has taken the row over meanwhile (the
 * lease no longer matches). The subscription is locked first, as every writer of both does.
 */
export async function giveBack(pool: Pool, delivery: ClaimedDelivery) {
  await inPoolTransaction(pool, async (client) => {
    await client.query({
      name: 'webhook-give-back-lock',
      text: `SELECT 1 FROM ${subscriptionsTableName} WHERE id = $1 FOR NO KEY UPDATE`,
      values: [delivery.subscriptionId],
    })
    await client.query({
      name: 'webhook-give-back',
      text: `WITH back AS (
         UPDATE ${deliveriesTableName}
         SET status = CASE WHEN attempts > 1 THEN 'failed' ELSE 'pending' END
               ::enum_webhook_deliveries_status,
             attempts = attempts - 1, next_attempt_at = now(), lease_expires_at = NULL
         WHERE id = $1 AND status = 'delivering' AND lease_expires_at = $2
         RETURNING id, subscription_id
       )
       UPDATE ${subscriptionsTableName} s SET in_flight = s.in_flight - back.id::text
       FROM back WHERE s.id = back.subscription_id`,
      values: [delivery.id, delivery.leaseExpiresAt],
    })
  })
}
