import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { postgres } from '@/db/transaction'
import { restJson } from '../helpers/rest'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { webhookHarness } from '../helpers/webhookHarness'

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

describe('deleting a subscription while a worker records an outcome of its deliveries', () => {
  // Before: the delete took the subscription's deliveries first (its hook deletes them), then
  // the subscription's row, the other way round from the workers, which lock the subscription
  // and then its deliveries (src/webhooks/worker/recordOutcomes.ts): PostgreSQL ended the
  // delete as a deadlock and the owner got a 500 (2 of 8 full test runs, by chance; here on cue).
  it('waits for the outcome, then deletes: 204, and the outcome was written', async () => {
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
        `UPDATE webhook_deliveries SET status = 'succeeded', updated_at = now()
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
    const gone = await restJson('GET', `/api/webhooks/subscriptions/${id}`, {
      headers: { 'x-api-key': key },
    })
    expect(gone.status).toBe(404)
  })
})
