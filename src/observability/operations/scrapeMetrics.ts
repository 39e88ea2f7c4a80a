import type { Payload } from 'payload'

import { HttpError } from '@/http/errors'
import { postgres } from '@/db/transaction'
import { metricsText, setQueueGauges, type QueueGauges } from '@/runtime/metrics'
import { isMetricsCaller } from '../settings'
import { within } from '../within'
import { configOf } from '@/config/appConfig'
import { isUnfinishedSql } from '@/webhooks/schema/webhookIndexes'
import { isInFlightSql } from '@/webhooks/worker/claimDeliveries'

/** How long the queue's statement may take before the scrape goes on without it. */
const queueTimeoutMs = 5_000

/**
 * The webhook queue as the database has it now, in one statement over small indexes: the
 * unfinished deliveries by status (the partial due index holds only those), how long the oldest
 * delivery a worker could claim now (its subscription active and not pausing) has been due, and
 * the subscriptions disabled after failing (`is_active` is indexed).
 */
async function readQueueGauges(payload: Payload): Promise<QueueGauges> {
  const { rows } = await postgres(payload).pool.query<{
    pending: number
    failed: number
    delivering: number
    oldest: number
    disabled: number
  }>({
    name: 'metrics-webhook-queue',
    text: `SELECT q.pending, q.failed, q.delivering, due.oldest, off.disabled
     FROM (SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
                  count(*) FILTER (WHERE status = 'failed')::int AS failed,
                  count(*) FILTER (WHERE status = 'delivering')::int AS delivering
           FROM webhook_deliveries d WHERE ${isUnfinishedSql('d')}) q,
          (SELECT coalesce(extract(epoch FROM now() - min(d.next_attempt_at)), 0)::float8 AS oldest
           FROM webhook_deliveries d
           JOIN webhook_subscriptions s ON s.id = d.subscription_id AND s.is_active
             AND (s.backoff_until IS NULL OR s.backoff_until <= now())
           WHERE d.next_attempt_at <= now() AND NOT ${isInFlightSql('d')}) due,
          (SELECT count(*)::int AS disabled FROM webhook_subscriptions
           WHERE NOT is_active AND disabled_at IS NOT NULL) off`,
  })
  const row = rows[0]!
  return {
    depth: { pending: row.pending, failed: row.failed, delivering: row.delivering },
    oldestDueAgeSeconds: Math.max(0, row.oldest),
    disabledSubscriptions: row.disabled,
  }
}

/**
 * `GET /api/metrics` (and the worker's port): this process's metrics in the Prometheus text
 * format, the queue gauges read from the database now. Not found unless `METRICS_TOKEN` is set;
 * 401 unless the request brings it as a Bearer token. A database that does not answer leaves
 * the queue gauges NaN, and the rest is still served.
 */
export async function scrapeMetrics(payload: Payload, authorization: string | null) {
  const token = configOf(payload).observability.metricsToken
  if (!token) throw new HttpError({ code: 'not_found', message: 'Not found' })
  if (!isMetricsCaller(authorization, token)) {
    throw new HttpError({
      code: 'unauthorized',
      message: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>',
    })
  }
  const gauges = await within(queueTimeoutMs, readQueueGauges(payload)).catch((err: unknown) => {
    payload.logger.warn({ msg: 'Metrics: the webhook queue could not be read', err })
    return undefined
  })
  setQueueGauges(gauges)
  return metricsText()
}
