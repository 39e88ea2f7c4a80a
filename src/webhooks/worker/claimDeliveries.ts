import type { Pool } from 'pg'

/** A delivery claimed by this worker, with what sending it needs. */
export type ClaimedDelivery = {
  id: number
  eventId: string
  eventType: string
  payload: unknown
  occurredAt: Date
  /** Attempt number of this send (1-based). */
  attempt: number
  subscriptionId: string
  endpointUrl: string
  secret: string
  secretOld: string | null
  secretRotatedAt: Date | null
  headers: Record<string, unknown> | null
  timeoutSeconds: number
  /** When the claim lapses and another worker may take the delivery. */
  leaseExpiresAt: Date
}

/**
 * Claims up to `limit` due deliveries of active subscriptions: pending or failed ones whose
 * time has come, and those whose lease lapsed (a worker died holding them): a claim moves
 * `next_attempt_at` to the end of its lease, so one range scan of one partial index finds all. `FOR UPDATE SKIP
 * LOCKED` hands each row to exactly one of any number of workers; the lease makes a crashed
 * worker's claims due again.
 */
export async function claimDeliveries(pool: Pool, args: { limit: number; leaseMs: number }) {
  const { rows } = await pool.query(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d
       JOIN webhook_subscriptions s ON s.id = d.subscription_id AND s.is_active
       WHERE d.status IN ('pending', 'failed', 'delivering') AND d.next_attempt_at <= now()
       ORDER BY d.next_attempt_at
       LIMIT $1
       FOR UPDATE OF d SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries d
       SET status = 'delivering', attempts = coalesce(d.attempts, 0) + 1, last_attempt_at = now(),
           lease_expires_at = now() + make_interval(secs => $2::float8 / 1000),
           next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
       FROM due WHERE d.id = due.id
       RETURNING d.*
     )
     SELECT c.id, c.event_id, c.event_type, c.payload, c.occurred_at, c.attempts::int AS attempt,
            c.lease_expires_at, s.id AS subscription_id, s.endpoint_url, s.secret, s.secret_old,
            s.secret_rotated_at, s.headers, s.timeout_seconds::int AS timeout_seconds
     FROM claimed c JOIN webhook_subscriptions s ON s.id = c.subscription_id`,
    [args.limit, args.leaseMs],
  )
  return rows.map((row): ClaimedDelivery => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    occurredAt: row.occurred_at,
    attempt: row.attempt,
    subscriptionId: row.subscription_id,
    endpointUrl: row.endpoint_url,
    secret: row.secret,
    secretOld: row.secret_old,
    secretRotatedAt: row.secret_rotated_at,
    headers: row.headers,
    timeoutSeconds: row.timeout_seconds,
    leaseExpiresAt: row.lease_expires_at,
  }))
}

/**
 * Gives back the attempt a claim counted when the worker leaves it unsent (its lease would lapse
 * mid-send). The claim itself stands until its lease lapses, when any worker takes it again, so
 * an overloaded worker neither loses a step of the retry schedule nor spins on the same row.
 * Nothing changes if another worker has taken the row over meanwhile.
 */
export async function returnUnsentAttempt(pool: Pool, delivery: ClaimedDelivery) {
  await pool.query(
    `UPDATE webhook_deliveries SET attempts = attempts - 1
     WHERE id = $1 AND status = 'delivering' AND lease_expires_at = $2 AND attempts > 0`,
    [delivery.id, delivery.leaseExpiresAt],
  )
}
