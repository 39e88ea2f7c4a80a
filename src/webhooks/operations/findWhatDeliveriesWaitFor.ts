import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import type { EndpointState } from '../nextAttempt'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { isEarlierOfItsObjectSql, isNotHeldSql, rateLimitBurstSql } from '../worker/claimDeliveries'

/** What a delivery waits for besides its own time (`findNextAttempt`'s inputs). */
export type DeliveryWait = {
  /** Its subscription's state: on or off, its back-off, its failures in a row, its pacing. */
  endpoint: EndpointState
  /** The undelivered delivery of an earlier event about the same object (ordered subscriptions). */
  waitingFor: number | null
}

type Row = {
  id: number
  is_active: boolean
  is_held: boolean
  backoff_until: Date | null
  failure_count: number
  paced_from: Date | null
  waiting_for: number | null
}

/**
 * What deliveries `deliveryIds` wait for besides their own time, in one query in the request's
 * transaction (after a retry moved the back-off, the delivery read again sees the move), by the
 * rules the workers claim by (src/webhooks/worker/claimDeliveries.ts):
 *
 * - the subscription's back-off, whether it is on, and whether a suspension holds it;
 * - its rate limit: a send may start while its theoretical arrival time (`rate_limit_tat`) is
 *   less than the burst (`rateLimitBurstSql`, a second) ahead, so while that time is ahead of
 *   now the limit paces the endpoint, and its next send starts at that time less the burst at
 *   the earliest;
 * - ordered subscriptions: a pending or failed delivery waits while a delivery of an earlier
 *   event about the same object is unfinished (`isEarlierOfItsObjectSql`; the first of them).
 *
 * Keyed by delivery id; a delivery that is gone, or whose subscription is, has no entry.
 */
export async function findWhatDeliveriesWaitFor(
  req: PayloadRequest,
  deliveryIds: readonly number[],
): Promise<Map<number, DeliveryWait>> {
  const ids = [...new Set(deliveryIds.filter((id) => Number.isSafeInteger(id) && id > 0))]
  if (ids.length === 0) return new Map()
  const db = await transactionDatabase(req)
  const deliveries = sql.identifier(deliveriesTableName)
  // The ids are checked integers: a PostgreSQL array literal of them is safe.
  const { rows } = await db.execute<Row>(
    sql`SELECT d.id, s.is_active, NOT (${sql.raw(isNotHeldSql('s'))}) AS is_held, s.backoff_until, coalesce(s.failure_count, 0)::int AS failure_count,
          CASE WHEN s.max_deliveries_per_second IS NOT NULL AND s.rate_limit_tat > now()
            THEN greatest(now(), s.rate_limit_tat - ${sql.raw(rateLimitBurstSql)}) END AS paced_from,
          CASE WHEN d.ordering_key IS NOT NULL AND d.status IN ('pending', 'failed') THEN (
            SELECT earlier.id FROM ${deliveries} earlier
            WHERE ${sql.raw(isEarlierOfItsObjectSql)}
            ORDER BY earlier.event_seq LIMIT 1) END AS waiting_for
        FROM ${deliveries} d
        JOIN ${sql.identifier(subscriptionsTableName)} s ON s.id = d.subscription_id
        WHERE d.id = ANY(${`{${ids.join(',')}}`}::int[])`,
  )
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        endpoint: {
          isActive: Boolean(row.is_active),
          isSuspended: Boolean(row.is_held),
          backoffUntil: row.backoff_until ? new Date(row.backoff_until) : null,
          failureCount: Number(row.failure_count),
          pacedFrom: row.paced_from ? new Date(row.paced_from) : null,
        },
        waitingFor: row.waiting_for == null ? null : Number(row.waiting_for),
      },
    ]),
  )
}
