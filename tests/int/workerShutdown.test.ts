import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest'

import { eventually, type Answer, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let answer: Answer = { status: 200 }
const workers = webhooks.processes

beforeAll(async () => {
  receiver = await webhooks.receiver(() => answer)
  payload = await webhooks.start()
})

const exitOf = (child: {
  once: (event: 'exit', listener: (code: number | null) => void) => void
}) => new Promise<number | null>((resolve) => child.once('exit', resolve))

const statusCounts = async () =>
  Object.fromEntries(
    (
      await payload.db.drizzle.execute<{ status: string; count: number }>(
        sql`SELECT status, count(*)::int AS count FROM webhook_deliveries GROUP BY status`,
      )
    ).rows.map((row) => [row.status, row.count]),
  )

const orderPosts = () =>
  receiver.posts().filter((post) => JSON.parse(post.body).type === 'order.created')

describe('`npm run worker` on SIGTERM', () => {
  it('finishes the sends in flight, gives back what waited, exits 0; another worker sends the rest, nothing twice', async () => {
    // A failure (a timeout says nothing of where) shows what the workers printed.
    onTestFailed(() => console.log(`Workers printed:\n${workers.printed()}`))
    const { apiKey } = await consumerWithKey(payload)
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/shutdown'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)

    // Each answer takes 400 ms; the worker sends 4 at a time and holds up to 6.
    answer = { status: 200, delayMs: 400 }
    const worker = await workers.start({
      WEBHOOK_CONCURRENCY: '4',
      WEBHOOK_ENDPOINT_CONCURRENCY: '4',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
    })
    await emitEvents(payload, { type: 'order.created', count: 40 })
    await eventually(() => orderPosts().length >= 6, 30_000)
    const exited = exitOf(worker)
    worker.kill('SIGTERM')
    expect(await exited).toBe(0)

    // Every send it started has its outcome; nothing is left claimed.
    const sentBeforeStop = orderPosts().length
    const counts = await statusCounts()
    expect(counts.delivering).toBeUndefined()
    expect(counts.succeeded).toBe(sentBeforeStop + 1) // and the subscription's test event
    expect(counts.pending).toBe(40 - sentBeforeStop)

    answer = { status: 200 }
    await workers.start()
    await eventually(async () => (await statusCounts()).succeeded === 41, 60_000)
    const ids = orderPosts().map((post) => post.headers['webhook-id'])
    expect(ids).toHaveLength(40)
    expect(new Set(ids).size).toBe(40)
  })
})
