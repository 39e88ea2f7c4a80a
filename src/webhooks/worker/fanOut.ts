import type { Pool } from 'pg'

import { subscriptionMatchesSql } from '../subscriptionMatch'

/**
 * Fans out up to `limit` outbox events, oldest first, in one statement: every active
 * subscription whose `events` contain the type or `*` (the GIN index on `events`) gets one
 * delivery row, and the events move from the outbox to the event log (kept for the retention
 * period, for `recover`). `SKIP LOCKED` lets any number of workers share the outbox; an event
 * is fanned out exactly once. Returns how many of each.
 */
export async function fanOut(
  pool: Pool,
  limit = 100,
): Promise<{ events: number; deliveries: number }> {
  const { rows } = await pool.query<{ events: number; deliveries: number }>({
    name: 'webhook-fan-out',
    text: `WITH events AS (
       DELETE FROM webhook_outbox
       WHERE id IN (
         SELECT id FROM webhook_outbox ORDER BY occurred_at LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       RETURNING id, type, data, occurred_at
     ), logged AS (
       INSERT INTO webhook_events (id, type, data, occurred_at)
       SELECT id, type, data, occurred_at FROM events
     ), inserted AS (
       INSERT INTO webhook_deliveries
         (subscription_id, event_id, event_type, payload, occurred_at, status, attempts, next_attempt_at)
       SELECT s.id, e.id, e.type, e.data, e.occurred_at, 'pending', 0, now()
       FROM events e
       JOIN webhook_subscriptions s ON s.is_active AND ${subscriptionMatchesSql('s', 'e.type')}
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM events)::int AS events,
            (SELECT count(*) FROM inserted)::int AS deliveries`,
    values: [limit],
  })
  return rows[0] ?? { events: 0, deliveries: 0 }
}
