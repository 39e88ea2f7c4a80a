import type { Pool } from 'pg'

import { allEvents } from '../eventCatalogue'

/**
 * Fans out up to `limit` outbox events, oldest first, in one statement: every active
 * subscription whose `events` contain the type or `*` (the GIN index on `events`) gets one
 * delivery row, and the events leave the outbox. `SKIP LOCKED` lets any number of workers
 * share the outbox; an event is fanned out exactly once. Returns how many of each.
 *
 * The join below is the one definition of which subscriptions an event goes to: there is no
 * second copy of the rule in TypeScript.
 */
export async function fanOut(
  pool: Pool,
  limit = 100,
): Promise<{ events: number; deliveries: number }> {
  const { rows } = await pool.query<{ events: number; deliveries: number }>(
    `WITH events AS (
       DELETE FROM webhook_outbox
       WHERE id IN (
         SELECT id FROM webhook_outbox ORDER BY occurred_at LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       RETURNING id, type, data, occurred_at
     ), inserted AS (
       INSERT INTO webhook_deliveries
         (subscription_id, event_id, event_type, payload, occurred_at, status, attempts, next_attempt_at)
       SELECT s.id, e.id, e.type, e.data, e.occurred_at, 'pending', 0, now()
       FROM events e
       -- Matching: an active subscription gets the event when its events name the type or
       -- the wildcard ($2, the catalogue's allEvents).
       JOIN webhook_subscriptions s ON s.is_active AND s.events ?| ARRAY[e.type::text, $2::text]
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM events)::int AS events,
            (SELECT count(*) FROM inserted)::int AS deliveries`,
    [limit, allEvents],
  )
  return rows[0] ?? { events: 0, deliveries: 0 }
}
