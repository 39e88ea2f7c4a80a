import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { badRequest } from '@/http/errors'
import { deliveriesChannel } from '../schema/outboxTable'
import { findOwnSubscription } from './findOwnSubscription'
import { deliveriesTableName } from '../schema/collectionTables'
import { replayLimit, type ReplayableStatus } from '../deliveryStatus'
import { indexOfStatusSql } from '../schema/webhookIndexes'

/** What a replay queued, and what is left in its window. */
export type Replayed = {
  queued: number
  /** Deliveries past the last one queued still in that status and window. */
  remaining: number
  /**
   * The last delivery queued, when some remain: pass it as `afterId` to continue past it
   * (deliveries queued by this call that fail again are not taken a second time). `null` when
   * none remain.
   */
  nextAfterId: number | null
  since: Date
  until: Date
}

/**
 * Queues again, due at once, the deliveries of the caller's subscription `id` (404 for anyone
 * else's) that are in `status` and whose events happened between `since` and `until` (default
 * now), in the order they were queued (by id), past `afterId` when given, at most `limit` of
 * them: each gets a new attempt, marked manual in the attempt log, and keeps its `webhook-id`.
 * Calling again with `afterId` = the answer's `nextAfterId` takes the next ones, and replays
 * nothing already on its way or delivered, nor what this replay queued and failed again.
 * One transaction; the workers are woken when it commits.
 */
export async function replayDeliveries(args: {
  req: PayloadRequest
  id: string
  status: ReplayableStatus
  since: Date
  until?: Date
  afterId?: number
  limit?: number
}): Promise<Replayed> {
  const { req, id, status, since } = args
  const until = args.until ?? new Date()
  const limit = args.limit ?? replayLimit
  if (until <= since) throw badRequest('until must be after since')
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id)
    const window = sql`d.subscription_id = ${id} AND d.status = ${status}
      AND ${sql.raw(indexOfStatusSql('d', status))}
      AND d.occurred_at >= ${since.toISOString()}::timestamptz
      AND d.occurred_at <= ${until.toISOString()}::timestamptz`
    const { rows } = await db.execute<{ id: number }>(sql`
      UPDATE ${sql.identifier(deliveriesTableName)}
      SET status = 'pending', next_attempt_at = now(), lease_expires_at = NULL, is_manual = true,
          updated_at = now()
      WHERE id IN (
        SELECT d.id FROM ${sql.identifier(deliveriesTableName)} d WHERE ${window} AND d.id > ${args.afterId ?? 0}
        ORDER BY d.id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id`)
    const lastId = Math.max(args.afterId ?? 0, ...rows.map((row) => row.id))
    const { rows: left } = await db.execute<{ remaining: number }>(
      sql`SELECT count(*)::int AS remaining FROM ${sql.identifier(deliveriesTableName)} d
          WHERE ${window} AND d.id > ${lastId}`,
    )
    const remaining = left[0]?.remaining ?? 0
    if (rows.length > 0) await db.execute(sql`SELECT pg_notify(${deliveriesChannel}, '')`)
    return {
      queued: rows.length,
      remaining,
      nextAfterId: remaining > 0 ? lastId : null,
      since,
      until,
    }
  })
}
