import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { classifyResponse } from '../classifyResponse'
import { attemptLogTableName } from '../schema/attemptLogTable'
import { findOwnSubscription } from './findOwnSubscription'

/** How a set of attempts went. */
export type AttemptFigures = {
  attempts: number
  /** Attempts the worker counted as a success (`classifyResponse`). */
  succeeded: number
  /** The others: any other status, a timeout, a connection error. */
  failed: number
  /** Median and 95th percentile of the attempts' durations, failed ones included; null: none. */
  p50Ms: number | null
  p95Ms: number | null
}

/** A subscription's last 24 hours, from the attempt log. */
export type SubscriptionStats = AttemptFigures & {
  /** The start of the first hour: 23 hours before the start of the current one (UTC). */
  from: Date
  /** Now: the current hour is counted so far. */
  to: Date
  /** `succeeded / attempts`; null without attempts. */
  successRate: number | null
  /** The subscription's last successful delivery, whenever it was. */
  lastDeliveryAt: Date | null
  /** The 24 hours from `from`, oldest first, each with its own figures. */
  hours: (AttemptFigures & { start: Date })[]
}

/**
 * The response statuses the worker counts as a success, taken from its own rule (every status
 * a response can carry, 100 to 599, put to `classifyResponse`), for the SQL below.
 */
const successStatuses = Array.from({ length: 500 }, (_, index) => 100 + index).filter(
  (status) => classifyResponse({ kind: 'response', status }).isSuccess,
)

type Row = {
  is_total: boolean
  start: string | null
  since: string
  until: string
  attempts: number
  succeeded: number
  success_rate: number | null
  p50_ms: number | null
  p95_ms: number | null
}

/**
 * The last 24 hours of the caller's subscription `subscriptionId` (404 for anyone else's), hour
 * by hour (whole UTC hours, the current one so far) and in all: attempts, successes, failures,
 * success rate and latency percentiles (`percentile_cont`, to the millisecond), plus its last
 * successful delivery. One statement over one index range of the attempt log (the
 * subscription's attempts by time), whatever the length of its history.
 */
export async function subscriptionStats(args: {
  req: PayloadRequest
  subscriptionId: string
}): Promise<SubscriptionStats> {
  const { req } = args
  const subscription = await findOwnSubscription(req, args.subscriptionId)
  const db = await transactionDatabase(req)
  const { rows } = await db.execute<Row>(sql`
    WITH bounds AS (
      SELECT date_trunc('hour', now(), 'UTC') - interval '23 hours' AS since, now() AS until
    ), hours AS (
      SELECT generate_series(b.since, b.since + interval '23 hours', interval '1 hour') AS start
      FROM bounds b
    ), attempts AS (
      SELECT date_trunc('hour', a.attempted_at, 'UTC') AS hour, a.duration_ms,
             a.response_status = ANY(${`{${successStatuses.join(',')}}`}::int[]) AS is_success
      FROM ${sql.identifier(attemptLogTableName)} a, bounds b
      WHERE a.subscription_id = ${subscription.id}
        AND a.attempted_at >= b.since AND a.attempted_at <= b.until
    )
    SELECT GROUPING(h.start) = 1 AS is_total, h.start, b.since, b.until,
           count(a.hour)::int AS attempts,
           count(a.hour) FILTER (WHERE a.is_success)::int AS succeeded,
           (count(a.hour) FILTER (WHERE a.is_success))::float8
             / nullif(count(a.hour), 0) AS success_rate,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p50_ms,
           round(percentile_cont(0.95) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p95_ms
    FROM hours h CROSS JOIN bounds b LEFT JOIN attempts a ON a.hour = h.start
    GROUP BY GROUPING SETS ((h.start, b.since, b.until), (b.since, b.until))
    ORDER BY is_total DESC, h.start`)
  const figures = (row: Row): AttemptFigures => ({
    attempts: row.attempts,
    succeeded: row.succeeded,
    failed: row.attempts - row.succeeded,
    p50Ms: row.p50_ms,
    p95Ms: row.p95_ms,
  })
  const [total, ...hours] = rows
  if (!total?.is_total || hours.length !== 24) throw new Error('Unexpected shape of the stats')
  return {
    ...figures(total),
    from: new Date(total.since),
    to: new Date(total.until),
    successRate: total.success_rate,
    lastDeliveryAt: subscription.lastDeliveryAt ? new Date(subscription.lastDeliveryAt) : null,
    hours: hours.map((row) => ({ start: new Date(row.start!), ...figures(row) })),
  }
}
