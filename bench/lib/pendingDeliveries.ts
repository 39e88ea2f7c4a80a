import type pg from 'pg'

/**
 * Queues `events` new `order.paid` events for every subscription, as fan-out leaves them:
 * each event in the event log (numbered from the outbox's sequence, as an emitted one is) and one pending delivery
 * of it per subscription, due now. Straight in SQL, so that a bench measures the worker, not the
 * fan-out.
 */
export async function queuePendingDeliveries(pool: pg.Pool, { events }: { events: number }) {
  await pool.query(
    `WITH e AS (
       INSERT INTO webhook_events (id, type, data, occurred_at, seq)
       SELECT gen_random_uuid(), 'order.paid', jsonb_build_object('id', n), now(),
         nextval(pg_get_serial_sequence('webhook_outbox', 'seq'))
       FROM generate_series(1, $1::int) AS n
       RETURNING id, type, occurred_at, seq
     )
     INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
       event_seq, status, attempts, next_attempt_at)
     SELECT s.id, e.id::text, e.type, e.occurred_at, e.seq, 'pending', 0, now()
     FROM e CROSS JOIN webhook_subscriptions s`,
    [events],
  )
}
