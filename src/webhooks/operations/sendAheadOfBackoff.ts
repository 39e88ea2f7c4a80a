import { sql } from '@payloadcms/db-postgres'

import { conflict } from '@/http/errors'
import type { TransactionDb } from '@/db/transaction'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { deliveriesChannel } from '../schema/outboxTable'
import { isUnfinishedSql } from '../schema/webhookIndexes'
import { interruptPause } from '../endpointBackoff'
import { sendNowRefusal, suspensionOf } from '../suspension'

/**
 * What "now" means for a send asked for by a person (a retry, a test event, "Send now"): delivery
 * `deliveryId` (`'oldest waiting'`: the endpoint's delivery that has waited longest, pending or
 * failed) goes out within a second, whatever the endpoint's back-off, and still one send at
 * a time while it backs off (it is the probe), within the endpoint's concurrency cap otherwise.
 *
 * In `db`'s transaction, which the calling operation owns:
 * - the subscription's row is locked first (the order the claim and the outcome writer lock in)
 *   and its pause ends now (`interruptPause`): the endpoint may take a probe at once. A probe
 *   already in flight is forgotten as the probe, so that its failure does not start a new pause
 *   before this send goes out (its success closes the back-off, as any success does). The
 *   interrupted pause is kept: if this send fails, the pause resumes with its end and level
 *   (`nextBackoff`), so that clicks during an outage cost it no longer silence;
 * - the delivery is made due and put first in its endpoint's line: its due time becomes the
 *   earliest of the endpoint's waiting deliveries less a millisecond (now at the latest), since
 *   the claim takes them oldest first and a backing-off endpoint takes only one;
 * - the workers are woken when the transaction commits.
 *
 * Refused (409) when the subscription is turned off (paused by its owner or disabled after
 * failures): nothing is sent to it until it is turned on, and a "now" that silently waits for
 * that would be the lie this exists to end. Likewise (409, naming it) while an administrator's
 * suspension holds its deliveries. Returns the id of the delivery made due; null when
 * it is being sent right now (under a live lease), or nothing waits.
 */
export async function sendAheadOfBackoff(
  db: TransactionDb,
  args: { subscriptionId: string; deliveryId: number | 'oldest waiting'; isManual: boolean },
): Promise<number | null> {
  const { subscriptionId } = args
  const { rows: subscriptions } = await db.execute<{
    is_active: boolean
    suspended: boolean | null
    suspension_reason: string | null
    suspended_at: Date | string | null
    backoff_level: number
    backoff_until: Date | string | null
    backoff_probe_delivery_id: number | null
    backoff_resume_at: Date | string | null
    now: Date | string
  }>(sql`
    SELECT s.is_active, s.suspended, s.suspension_reason, s.suspended_at, s.backoff_level, s.backoff_until, s.backoff_probe_delivery_id,
           s.backoff_resume_at, now() AS now
    FROM ${sql.identifier(subscriptionsTableName)} s
    WHERE s.id = ${subscriptionId}
    FOR UPDATE`)
  const subscription = subscriptions[0]
  if (!subscription?.is_active) {
    throw conflict('This endpoint is turned off: turn it on, then send again')
  }
  const suspension = suspensionOf({
    suspended: subscription.suspended,
    suspensionReason: subscription.suspension_reason,
    suspendedAt: subscription.suspended_at
      ? new Date(subscription.suspended_at).toISOString()
      : null,
  })
  if (suspension) throw conflict(sendNowRefusal(suspension))
  const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value))
  // The database's clock, which the claim compares `backoff_until` with.
  const interruption = interruptPause(
    {
      level: subscription.backoff_level,
      until: dateOf(subscription.backoff_until),
      probeDeliveryId: subscription.backoff_probe_delivery_id,
      resumeAt: dateOf(subscription.backoff_resume_at),
    },
    new Date(subscription.now),
  )
  await db.execute(sql`
    UPDATE ${sql.identifier(subscriptionsTableName)} s
    SET backoff_until = ${interruption.until?.toISOString() ?? null}::timestamptz,
        backoff_probe_delivery_id = NULL,
        backoff_resume_at = ${interruption.resumeAt?.toISOString() ?? null}::timestamptz
    WHERE s.id = ${subscriptionId}`)
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
          WHERE o.subscription_id = ${subscriptionId} AND ${sql.raw(isUnfinishedSql('o'))}
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
      AND ${sql.raw(isUnfinishedSql('d'))}
    ORDER BY d.next_attempt_at, d.id
    LIMIT 1`)
  return rows[0]?.id ?? null
}
