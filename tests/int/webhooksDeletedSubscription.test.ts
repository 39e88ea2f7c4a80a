import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { postgres } from '@/db/transaction'
import { deleteExpiredHistory } from '@/webhooks/worker/deleteExpiredHistory'
import { restJson } from '../helpers/rest'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { webhookHarness } from '../helpers/webhookHarness'

// A delivery has no foreign key to its subscription (src/webhooks/schema/webhookIndexes.ts: the
// key's check was a third of a large fan-out). A fan-out that read a subscription just before
// its deletion committed can still write a delivery for it: this is what that leaves behind.
const webhooks = webhookHarness()
let payload: Payload
let pool: Pool
let receiver: WebhookReceiver
let key: string

beforeAll(async () => {
  receiver = await webhooks.receiver(() => ({ status: 200 }))
  payload = await webhooks.start()
  pool = postgres(payload).pool
  key = await webhooks.consumerKey('Deleting consumer')
})

const subscribe = async (path: string) =>
  (await webhooks.subscribe(key, { endpoint_url: receiver.url(path), events: ['webhook.test'] })).id

describe('a delivery written for a subscription deleted meanwhile', () => {
  it('is never sent, does not hold up other endpoints, and goes with the retention period', async () => {
    const kept = await subscribe('/kept')
    const deleted = await subscribe('/deleted')
    // One event, delivered to the subscription that stays.
    const test = await restJson('POST', `/api/webhooks/subscriptions/${kept}/test`, {
      headers: { 'x-api-key': key },
    })
    expect(test.status, JSON.stringify(test.body)).toBe(201)
    const { rows } = await pool.query<{ id: number; event_id: string; event_seq: string }>(
      'SELECT id, event_id, event_seq FROM webhook_deliveries WHERE subscription_id = $1',
      [kept],
    )
    const eventId = rows[0]!.event_id
    // The subscription's deletion commits after the fan-out read it: its own hook found no
    // delivery yet, and nothing refuses the one written meanwhile.
    const gone = await restJson('DELETE', `/api/webhooks/subscriptions/${deleted}`, {
      headers: { 'x-api-key': key },
    })
    expect(gone.status).toBe(204)
    await pool.query(
      `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
         event_seq, status, attempts, next_attempt_at)
       VALUES ($1, $2, 'webhook.test', now(), $3, 'pending', 0, now())`,
      [deleted, eventId, rows[0]!.event_seq],
    )

    const worker = await webhooks.worker({ pollMs: 50 })
    try {
      await eventually(() => receiver.posts().some((post) => post.path === '/kept'), 10_000)
      // Several polls later the orphan is still unsent, and nothing was posted for it.
      await new Promise((resolve) => setTimeout(resolve, 500))
    } finally {
      await worker.stop()
    }
    expect(receiver.posts().filter((post) => post.path === '/deleted')).toEqual([])
    const orphan = await pool.query<{ status: string; attempts: string }>(
      'SELECT status, attempts FROM webhook_deliveries WHERE subscription_id = $1',
      [deleted],
    )
    expect(orphan.rows).toEqual([{ status: 'pending', attempts: '0' }])

    await deleteExpiredHistory(pool, { retentionMs: -60_000 })
    const after = await pool.query('SELECT 1 FROM webhook_deliveries WHERE subscription_id = $1', [
      deleted,
    ])
    expect(after.rowCount).toBe(0)
  })
})

describe('deleting a subscription while a worker records an outcome of its deliveries', () => {
  // Before: the delete took the subscription's deliveries first (its hook deletes them), then
  // the subscription's row, the other way round from the workers, which lock the subscription
  // and then its deliveries (src/webhooks/worker/recordOutcomes.ts): PostgreSQL ended the
  // delete as a deadlock and the owner got a 500 (2 of 8 full test runs, by chance; here on cue).
  it('waits for the outcome, then deletes: 204, the outcome was written, and its attempt log goes too', async () => {
    const { id } = await webhooks.subscribe(key, {
      endpoint_url: receiver.url('/going'),
      events: ['order.paid'],
    })
    // The worker's transaction, as recordOutcomes takes its rows: the subscription first.
    const worker = await pool.connect()
    try {
      await worker.query('BEGIN')
      await worker.query('SELECT id FROM webhook_subscriptions WHERE id = $1 FOR UPDATE', [id])
      const deleting = restJson('DELETE', `/api/webhooks/subscriptions/${id}`, {
        headers: { 'x-api-key': key },
      })
      // The delete waits on a lock of this transaction...
      await eventually(async () => {
        const { rows } = await pool.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        )
        return rows[0]!.waiting > 0
      }, 10_000)
      // ... while the worker writes the outcome of the subscription's delivery and commits.
      const outcome = await worker.query(
        `UPDATE webhook_deliveries SET status = 'succeeded', next_attempt_at = NULL, updated_at = now()
         WHERE subscription_id = $1`,
        [id],
      )
      // ... and logs the attempt, as the outcome writer does in the same transaction.
      await worker.query(
        `INSERT INTO webhook_attempts (delivery_id, subscription_id, attempt, attempted_at,
           duration_ms, response_status)
         SELECT id, subscription_id, 1, now(), 3, 200 FROM webhook_deliveries
         WHERE subscription_id = $1`,
        [id],
      )
      await worker.query('COMMIT')
      expect(outcome.rowCount).toBe(1)
      expect((await deleting).status).toBe(204)
    } finally {
      worker.release()
    }
    const left = await pool.query('SELECT id FROM webhook_deliveries WHERE subscription_id = $1', [
      id,
    ])
    expect(left.rows).toEqual([])
    // The attempt log went with them (no foreign key cascades it: the delete takes it).
    const attempts = await pool.query(
      'SELECT id FROM webhook_attempts WHERE subscription_id = $1',
      [id],
    )
    expect(attempts.rows).toEqual([])
    const gone = await restJson('GET', `/api/webhooks/subscriptions/${id}`, {
      headers: { 'x-api-key': key },
    })
    expect(gone.status).toBe(404)
  })
})
