import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { type WebhookWorker } from '../../src/webhooks/worker/worker'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { Client } from 'pg'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let worker: WebhookWorker | undefined

beforeAll(async () => {
  receiver = await webhooks.receiver()
  payload = await webhooks.start()
})

/** Ends every other session on this test's database, as a database restart or failover does. */
async function terminateEveryConnection() {
  const admin = new Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  try {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    )
    return rowCount ?? 0
  } finally {
    await admin.end()
  }
}

describe('the worker after the database dropped every connection', () => {
  // Before: the LISTEN connection was never re-established; deliveries went on only by polling
  // (commit to receipt 28 ms before, 710 ms after, for good).
  it('listens again, says so in its health, and delivers on NOTIFY, not on the next poll', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Reconnect consumer')
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/reconnect'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)

    // Polling every 10 minutes: within this test, only a NOTIFY can wake the worker.
    worker = await webhooks.worker({ pollMs: 600_000 })
    // (The subscription's creation also sent it a `webhook.test` event.)
    const arrived = () =>
      receiver.posts().filter((post) => JSON.parse(post.body).type === 'order.created').length

    await emitEvents(payload, { type: 'order.created', count: 1, data: () => ({ id: 1 }) })
    await eventually(() => arrived() === 1, 20_000)
    expect(worker.health()).toEqual({ isRunning: true, isListening: true })

    expect(await terminateEveryConnection()).toBeGreaterThan(0)
    await eventually(() => worker!.health().isListening === false, 5_000)
    expect(worker.health().listenerDownSinceMs).toBeGreaterThan(0)
    await eventually(() => worker!.health().isListening, 20_000)
    expect(worker.health()).toEqual({ isRunning: true, isListening: true })

    // The app's own pool recovered too: the event is written through it.
    await emitEvents(payload, { type: 'order.created', count: 1, data: () => ({ id: 2 }) })
    await eventually(() => arrived() === 2, 20_000)
    // Every outcome is written, the one in flight when the connections dropped included.
    await eventually(async () => {
      const { rows } = await payload.db.drizzle.execute<{ status: string }>(
        sql`SELECT status FROM webhook_deliveries WHERE status <> 'succeeded'`,
      )
      return rows.length === 0
    }, 20_000)
  })
})
