import '../../src/composition/webhookEventTypes'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { fanOut } from '../../src/webhooks/worker/fanOut'
import { migrationDatabase, migrationIndex, migrationPayload } from '../helpers/migrationDatabase'

// The upgrade that keys a delivery by its event's sequence number (migrations/*_event_seq_key.ts),
// on a database migrated up to the migration before it, holding deliveries whose number was
// never set (as a hand-written or older row may be) beside ones the fan-out wrote.
const keyMigration = migrationIndex('_webhook_deliveries_event_seq_key')
let database: Awaited<ReturnType<typeof migrationDatabase>>
let pool: pg.Pool

const deliveries = async () =>
  (
    await pool.query<{ subscription_id: string; event_id: string; event_seq: string | null }>(
      `SELECT subscription_id, event_id, event_seq FROM webhook_deliveries
       ORDER BY event_id, subscription_id`,
    )
  ).rows

beforeAll(async () => {
  expect(keyMigration).toBeGreaterThan(0)
  database = await migrationDatabase('delivery_key', migrationPayload())
  pool = database.pool
  await database.migrate(keyMigration)
  await pool.query(`INSERT INTO consumers (id, name, email) VALUES ('shop', 'shop', 's@x.test')`)
  await pool.query(
    `INSERT INTO consumers_grants ("order", parent_id, value) VALUES (1, 'shop', 'orders')`,
  )
  for (const id of ['a', 'b']) {
    await pool.query(
      `INSERT INTO webhook_subscriptions (id, consumer_id, endpoint_url, secret, events)
       VALUES ($1::varchar, 'shop', 'https://example.com/' || $1::varchar, 'secret', '["order.paid"]')`,
      [id],
    )
  }
  // Event 1 fanned out as before the upgrade (its deliveries carry its number); event 2's
  // deliveries without a number; a delivery whose event is no longer in the event log.
  await pool.query(
    `INSERT INTO webhook_outbox (id, type, data)
     VALUES ('00000000-0000-4000-8000-000000000001', 'order.paid', '{"id": 1}')`,
  )
  await fanOut(pool)
  await pool.query(
    `INSERT INTO webhook_events (id, type, data, seq)
     VALUES ('00000000-0000-4000-8000-000000000002', 'order.paid', '{"id": 2}',
       nextval(pg_get_serial_sequence('webhook_outbox', 'seq')))`,
  )
  await pool.query(
    `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at, status,
       attempts, next_attempt_at)
     VALUES ('a', '00000000-0000-4000-8000-000000000002', 'order.paid', now(), 'pending', 0, now()),
            ('b', '00000000-0000-4000-8000-000000000002', 'order.paid', now(), 'pending', 0, now()),
            ('a', '00000000-0000-4000-8000-00000000dead', 'order.paid', now(), 'pending', 0, now())`,
  )
  expect((await deliveries()).filter((row) => row.event_seq === null)).toHaveLength(3)
  await database.migrate(keyMigration + 1, keyMigration)
})

afterAll(async () => {
  await database?.drop()
})

describe('the migration that keys deliveries by their event sequence number', () => {
  it("gives every delivery its event's number, and one of its own to a delivery whose event left the log", async () => {
    const { rows: events } = await pool.query<{ id: string; seq: string }>(
      `SELECT id::text, seq FROM webhook_events`,
    )
    const seqOf = Object.fromEntries(events.map((event) => [event.id, event.seq]))
    const rows = await deliveries()
    expect(rows).toHaveLength(5)
    for (const row of rows.filter((r) => seqOf[r.event_id])) {
      expect(row.event_seq, `${row.event_id} to ${row.subscription_id}`).toBe(seqOf[row.event_id])
    }
    const orphan = rows.find((row) => row.event_id.endsWith('dead'))!
    expect(orphan.event_seq).not.toBeNull()
    expect(Object.values(seqOf)).not.toContain(orphan.event_seq)
  })

  it('still refuses a second delivery of one event to one subscription, and leaves no delivery without a number', async () => {
    await expect(
      pool.query(
        `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
           event_seq, status, attempts, next_attempt_at)
         SELECT 'b', event_id, event_type, now(), event_seq, 'pending', 0, now()
         FROM webhook_deliveries WHERE subscription_id = 'b' LIMIT 1`,
      ),
    ).rejects.toThrow(/webhook_deliveries_event_seq_subscription_idx/)
    await expect(
      pool.query(
        `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
           status, attempts, next_attempt_at)
         VALUES ('b', gen_random_uuid()::text, 'order.paid', now(), 'pending', 0, now())`,
      ),
    ).rejects.toThrow(/event_seq/)
  })
})
