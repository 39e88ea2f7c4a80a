import { sql } from '@payloadcms/db-postgres'

import { conflict } from '@/http/errors'
import type { TransactionDb } from '@/db/transaction'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { deliveriesChannel } from '../schema/outboxTable'

/**
 * What "now" means for a send asked for by a person (a retry, a test event, "Send now"): delivery
 * `deliveryId` (`'oldest waiting'`: the endpoint's delivery that has waited longest, pending or
 * failed) goes out within a second, whatever the endpoint's back-off, and still one send at
 * a time while it backs off (it is the probe), within the endpoint's concurrency cap otherwise.
 *
 * In `db`'s transaction, which the calling operation owns:
 * - the subscription's row is locked first (the order the claim and the outcome writer lock in)
 *   and its pause ends now: the endpoint may take a probe at once. A probe already in flight is
 *   forgotten as the probe, so that its failure does not start a new pause before this send
 *   goes out (its success closes the back-off, as any success does);
 * - the delivery is made due and put first in its endpoint's line: its due time becomes the
 *   earliest of the endpoint's waiting deliveries less a millisecond (now at the latest), since
 *   the claim takes them oldest first and a backing-off endpoint takes only one;
 * - the workers are woken when the transaction commits.
 *
 * Refused (409) when the subscription is turned off (paused by its owner or disabled after
 * failures): nothing is sent to it until it is turned on, and a "now" that silently waits for
 * that would be the lie this exists to end. Returns the id of the delivery made due; null when
 * it is being sent right now (under a live lease), or nothing waits.
 */
export async function sendAheadOfBackoff(
  db: TransactionDb,
  args: { subscriptionId: string; deliveryId: number | 'oldest waiting'; isManual: boolean },
): Promise<number | null> {
  const { subscriptionId } = args
  const { rows: subscriptions } = await db.execute<{ is_active: boolean }>(sql`
    UPDATE ${sql.identifier(subscriptionsTableName)} s
    SET backoff_until = CASE WHEN s.backoff_level > 0 AND s.backoff_until > now() THEN now()
                             ELSE s.backoff_until END,
        backoff_probe_delivery_id = CASE WHEN s.backoff_level > 0 THEN NULL
                                         ELSE s.backoff_probe_delivery_id END
    WHERE s.id = ${subscriptionId}
    RETURNING s.is_active`)
  if (!subscriptions[0]?.is_active) {
    throw conflict('This endpoint is turned off: turn it on, then send again')
  }
  // Read after the lock: no claim of this endpoint's deliveries commits meanwhile.
  const deliveryId =
    args.deliveryId === 'oldest waiting' ? await oldestWaiting(db, subscriptionId) : args.deliveryId
  if (deliveryId === null) return null
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE ${sql.identifier(deliveriesTableName)} d
    SET status = 'pending', lease_expires_at = NULL, updated_at = now(),
        is_manual = d.is_manual OR ${args.isManual},
        next_attempt_at = least(now(), (
          SELECT min(o.next_attempt_at) - interval '1 millisecond'
          FROM ${sql.identifier(deliveriesTableName)} o
          WHERE o.subscription_id = ${subscriptionId} AND o.status IN ('pending', 'failed')
            AND o.id <> ${deliveryId}))
    WHERE d.id = ${deliveryId} AND d.subscription_id = ${subscriptionId}
      AND (d.status <> 'delivering' OR d.lease_expires_at <= now())
    RETURNING d.id`)
  if (!rows.length) return null
  await db.execute(sql`SELECT pg_notify(${deliveriesChannel}, '')`)
  return deliveryId
}

/** The subscription's delivery that has waited longest (pending or failed), if any. */
async function oldestWaiting(db: TransactionDb, subscriptionId: string): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT d.id FROM ${sql.identifier(deliveriesTableName)} d
    WHERE d.subscription_id = ${subscriptionId} AND d.status IN ('pending', 'failed')
    ORDER BY d.next_attempt_at, d.id
    LIMIT 1`)
  return rows[0]?.id ?? null
}
