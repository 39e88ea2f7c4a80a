import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { badRequest } from '@/http/errors'
import { deliveriesChannel } from '../schema/outboxTable'
import { eventLogTableName } from '../schema/eventLogTable'
import { filterMatchesSql, subscriptionMatchesSql } from '../subscriptionMatch'
import { findOwnSubscription } from './findOwnSubscription'
import { isFinishedSql } from '../schema/webhookIndexes'
import {
  consumerGrantsTableName,
  deliveriesTableName,
  subscriptionsTableName,
} from '../schema/collectionTables'

/** What a recover queued. */
export type RecoveredEvents = {
  /** Deliveries queued: events never queued for the subscription, plus dead ones sent again. */
  queued: number
  /** The window actually searched. */
  since: Date
  until: Date
}

/**
 * Queues again what the caller's subscription `id` (404 for anyone else's) missed between
 * `since` and `until` (default now): every event of the event log in that window that the
 * subscription matches, that happened after it was created, and that it has not received
 * successfully, and that its current `filter` (if any) matches. An event it never got a delivery for (it was inactive or disabled then) gets
 * one; a delivery that was given up (`dead`) is made due again, for one more attempt.
 * Deliveries still pending or retrying are left alone, so a second recover over the same window
 * queues nothing that is on its way or already arrived. `since` must lie within the retention
 * period (400 otherwise). One transaction; the workers are woken when it commits. Deliveries
 * of an inactive subscription wait until it is enabled.
 */
export async function recoverEvents(args: {
  req: PayloadRequest
  id: string
  since: Date
  until?: Date
  retentionMs: number
}): Promise<RecoveredEvents> {
  const { req, id, since } = args
  const now = new Date()
  const until = args.until ?? now
  const oldest = new Date(now.getTime() - args.retentionMs)
  if (since < oldest) {
    throw badRequest(
      `since must be within the retention period of ${Math.round(args.retentionMs / 86_400_000)} ` +
        `days (not before ${oldest.toISOString()})`,
    )
  }
  if (until <= since) throw badRequest('until must be after since')
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id)
    const window = sql`${since.toISOString()}::timestamptz AND ${until.toISOString()}::timestamptz`
    const matches = sql.raw(
      subscriptionMatchesSql('s', 'e.type', 'e.data', consumerGrantsTableName),
    )
    // A dead delivery is sent again if the subscription's current filter still lets its event
    // through (a test event, addressed to the subscription, always). A test event addressed to
    // another subscription is never given to this one.
    const filterMatches = sql.raw(filterMatchesSql('s', 'e.data'))
    const requeued = await db.execute<{ id: number }>(sql`
      UPDATE ${sql.identifier(deliveriesTableName)} d
      SET status = 'pending', next_attempt_at = now(), lease_expires_at = NULL, is_manual = true,
          updated_at = now()
      FROM ${sql.identifier(subscriptionsTableName)} s, ${sql.identifier(eventLogTableName)} e
      WHERE d.subscription_id = ${id} AND d.status = 'dead' AND ${sql.raw(isFinishedSql('d'))}
        AND d.occurred_at BETWEEN ${window}
        AND s.id = d.subscription_id AND e.id = d.event_id::uuid
        AND (e.addressed_to = d.subscription_id OR ${filterMatches})
      RETURNING d.id`)
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO ${sql.identifier(deliveriesTableName)} (subscription_id, event_id, event_type, occurred_at,
        event_seq, ordering_key, status, attempts, next_attempt_at, is_manual)
      SELECT s.id, e.id::text, e.type, e.occurred_at, e.seq,
             CASE WHEN s.ordered THEN e.ordering_key END, 'pending', 0, now(), true
      FROM ${sql.identifier(eventLogTableName)} e
      JOIN ${sql.identifier(subscriptionsTableName)} s ON s.id = ${id} AND ${matches}
      WHERE e.occurred_at BETWEEN ${window} AND e.occurred_at >= s.created_at
        AND (e.addressed_to IS NULL OR e.addressed_to = s.id)
        AND NOT EXISTS (
          SELECT 1 FROM ${sql.identifier(deliveriesTableName)} d
          WHERE d.event_seq = e.seq AND d.subscription_id = s.id)
      -- A concurrent recover of the same window inserted it first.
      ON CONFLICT (event_seq, subscription_id) DO NOTHING
      RETURNING id`)
    const queued = requeued.rows.length + inserted.rows.length
    if (queued > 0) await db.execute(sql`SELECT pg_notify(${deliveriesChannel}, '')`)
    return { queued, since, until }
  })
}
