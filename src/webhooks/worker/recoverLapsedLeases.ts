import type { Pool } from 'pg'

import { inPoolTransaction } from '@/db/poolTransaction'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { isNotHeldSql } from './claimDeliveries'
import { epochMsSql, timestampOfMsSql } from './epochMs'

/** Subscriptions one run looks at at most. */
const recoverLimit = 100

/** What the delivery log says of an attempt whose outcome no worker recorded. */
export const lapsedLeaseError =
  'No outcome was recorded: the worker sending it stopped before its lease lapsed'

/**
 * Returns to the queue the deliveries whose claim lapsed (the worker sending them died or
 * stalled) on subscriptions that cannot be claimed now: inactive (disabled or deactivated),
 * pausing after failures, or held by a suspension. The claim takes over lapsed deliveries of the
 * others itself; these it never looks at, so without this they would stay `delivering` for good.
 * They become `failed` and due at once, unsent: the attempt they were claimed for counts, its
 * outcome unknown, and they are sent when the subscription can take them again. A worker that
 * still sends one finds its claim gone, and its outcome is not recorded
 * (src/webhooks/worker/recordOutcomes.ts). Returns how many went back.
 *
 * The deliveries in flight are found through their subscriptions' `in_flight` entries (no index
 * on the deliveries names a status, so that a claim rewrites a row in place). A lapsed entry is
 * taken out once its delivery is recovered here, or is no longer held under that lease (its
 * outcome landed late, or it was deleted); one whose subscription can be claimed stays until a
 * claim takes the delivery over. The subscriptions are locked first (`SKIP LOCKED`: one being
 * claimed for or written to waits for the next run), in id order, as the outcome writer locks
 * them: several workers may run this at once.
 */
export async function recoverLapsedLeases(pool: Pool): Promise<number> {
  return inPoolTransaction(pool, async (client) => {
    const nowMs = epochMsSql('now()')
    const { rows: locked } = await client.query<{ id: string }>({
      name: 'webhook-recover-lock-subscriptions',
      text: `SELECT s.id FROM ${subscriptionsTableName} s
         WHERE s.in_flight <> '{}'::jsonb AND EXISTS (
           SELECT 1 FROM jsonb_each_text(s.in_flight) AS f(id, lease_ms)
           WHERE f.lease_ms::int8 <= ${nowMs})
         ORDER BY s.id
         LIMIT $1
         FOR NO KEY UPDATE SKIP LOCKED`,
      values: [recoverLimit],
    })
    if (!locked.length) return 0
    const { rows } = await client.query<{ recovered: number }>({
      name: 'webhook-recover-lapsed-leases',
      text: `WITH lapsed AS (
         SELECT s.id AS subscription_id, f.id::int AS id, f.lease_ms::int8 AS lease_ms,
                NOT (s.is_active AND (s.backoff_until IS NULL OR s.backoff_until <= now())
                     AND ${isNotHeldSql('s')}) AS is_stuck
         FROM ${subscriptionsTableName} s
         CROSS JOIN LATERAL jsonb_each_text(s.in_flight) AS f(id, lease_ms)
         WHERE s.id = ANY ($1::varchar[]) AND f.lease_ms::int8 <= ${nowMs}
       ), recovered AS (
         UPDATE ${deliveriesTableName} d
         SET status = 'failed', next_attempt_at = now(), lease_expires_at = NULL,
             last_response_status = NULL, last_response_body = NULL, duration_ms = NULL,
             last_error = $2, updated_at = now()
         FROM lapsed l
         WHERE d.id = ANY (ARRAY(SELECT id FROM lapsed WHERE is_stuck)) AND d.id = l.id
           AND l.is_stuck AND d.status = 'delivering'
           AND d.lease_expires_at = ${timestampOfMsSql('l.lease_ms')}
         RETURNING d.id
       ), released AS (
         SELECT l.subscription_id, l.id FROM lapsed l
         WHERE l.id IN (SELECT id FROM recovered) OR NOT EXISTS (
           SELECT 1 FROM ${deliveriesTableName} d
           WHERE d.id = l.id AND d.status = 'delivering'
             AND d.lease_expires_at = ${timestampOfMsSql('l.lease_ms')})
       ), emptied AS (
         UPDATE ${subscriptionsTableName} s
         SET in_flight = s.in_flight - ARRAY(
           SELECT r.id::text FROM released r WHERE r.subscription_id = s.id)
         WHERE s.id = ANY (ARRAY(SELECT DISTINCT subscription_id FROM released))
       )
       SELECT count(*)::int AS recovered FROM recovered`,
      values: [locked.map((row) => row.id), lapsedLeaseError],
    })
    return rows[0]?.recovered ?? 0
  })
}
