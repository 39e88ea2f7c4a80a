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
    const { rows } = await pool.query<{ id: number; event_id: string }>(
      'SELECT id, event_id FROM webhook_deliveries WHERE subscription_id = $1',
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
      `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at, status,
         attempts, next_attempt_at)
       VALUES ($1, $2, 'webhook.test', now(), 'pending', 0, now())`,
      [deleted, eventId],
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
