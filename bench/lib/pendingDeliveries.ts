import type pg from 'pg'

import { newEventId } from '../../src/webhooks/eventId'

/**
 * Queues `events` new `order.paid` events for every subscription, as fan-out leaves them:
 * each event in the event log (sequence numbers `firstSeq + 1` onward) and one pending delivery
 * of it per subscription, due now, with ids made as the app makes them (`newEventId`). Straight
 * in SQL, so that a bench measures the worker, not the fan-out.
 */
export async function queuePendingDeliveries(
  pool: pg.Pool,
  { events, firstSeq = 0 }: { events: number; firstSeq?: number },
) {
  await pool.query(
    `WITH e AS (
       INSERT INTO webhook_events (id, type, data, occurred_at, seq)
       SELECT id, 'order.paid', jsonb_build_object('id', n), now(), $1::int + n
       FROM unnest($2::uuid[]) WITH ORDINALITY AS u(id, n)
       RETURNING id, type, occurred_at, seq
     )
     INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
       event_seq, status, attempts, next_attempt_at)
     SELECT s.id, e.id::text, e.type, e.occurred_at, e.seq, 'pending', 0, now()
     FROM e CROSS JOIN webhook_subscriptions s`,
    [firstSeq, Array.from({ length: events }, () => newEventId())],
  )
}
