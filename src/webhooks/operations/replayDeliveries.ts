import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { badRequest } from '@/http/errors'
import { deliveriesChannel } from '../schema/outboxTable'
import { findOwnSubscription } from './findOwnSubscription'

/** The statuses a bulk replay takes: given up, or waiting for their next retry. */
export const replayableStatuses = ['dead', 'failed'] as const
export type ReplayableStatus = (typeof replayableStatuses)[number]

/** Deliveries one replay queues at most; the rest stay for the next call. */
export const replayLimit = 1000

/** What a replay queued, and what is left in its window. */
export type Replayed = {
  queued: number
  /** Deliveries still in that status and window: call again with the same body for them. */
  remaining: number
  since: Date
  until: Date
}

/**
 * Queues again, due at once, the deliveries of the caller's subscription `id` (404 for anyone
 * else's) that are in `status` and whose events happened between `since` and `until` (default
 * now), oldest first, at most `limit` of them: each gets a new attempt, marked manual in the
 * attempt log, and keeps its `webhook-id`. A queued delivery leaves that status, so calling again
 * with the same body takes the next ones, and replays nothing already on its way or delivered.
 * One transaction; the workers are woken when it commits.
 */
export async function replayDeliveries(args: {
  req: PayloadRequest
  id: string
  status: ReplayableStatus
  since: Date
  until?: Date
  limit?: number
}): Promise<Replayed> {
  const { req, id, status, since } = args
  const until = args.until ?? new Date()
  const limit = args.limit ?? replayLimit
  if (until <= since) throw badRequest('until must be after since')
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id)
    const window = sql`d.subscription_id = ${id} AND d.status = ${status}
      AND d.occurred_at >= ${since.toISOString()}::timestamptz
      AND d.occurred_at <= ${until.toISOString()}::timestamptz`
    const { rows } = await db.execute<{ id: number }>(sql`
      UPDATE webhook_deliveries
      SET status = 'pending', next_attempt_at = now(), lease_expires_at = NULL, is_manual = true,
          updated_at = now()
      WHERE id IN (
        SELECT d.id FROM webhook_deliveries d WHERE ${window}
        ORDER BY d.occurred_at, d.id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id`)
    const { rows: left } = await db.execute<{ remaining: number }>(
      sql`SELECT count(*)::int AS remaining FROM webhook_deliveries d WHERE ${window}`,
    )
    if (rows.length > 0) await db.execute(sql`SELECT pg_notify(${deliveriesChannel}, '')`)
    return { queued: rows.length, remaining: left[0]?.remaining ?? 0, since, until }
  })
}
