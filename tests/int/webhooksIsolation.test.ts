import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
const workers = webhooks.processes

/** Sends in flight to one endpoint at once, across all workers (the default). */
const endpointConcurrency = 10

beforeAll(async () => {
  // Paths under /hang never get an answer; everything else gets 200.
  receiver = await webhooks.receiver((request) =>
    request.path.startsWith('/hang') ? 'hang' : { status: 200 },
  )
  payload = await webhooks.start()
})

async function subscribe(args: { name: string; path: string; events: string[] }) {
  return webhooks.subscribe(await webhooks.consumerKey(args.name), {
    // The longest timeout allowed: the hanging endpoint holds its slots as long as it can.
    endpoint_url: receiver.url(args.path),
    events: args.events,
    timeout_seconds: 30,
  })
}

const statusesOf = async (subscriptionId: string) =>
  Object.fromEntries(
    (
      await payload.db.drizzle.execute<{ status: string; count: number; attempts: number }>(
        sql`SELECT status, count(*)::int AS count FROM webhook_deliveries
            WHERE subscription_id = ${subscriptionId} GROUP BY status`,
      )
    ).rows.map((row) => [row.status, row.count]),
  )

/**
 * Consumer B's endpoint never answers and has a long backlog, queued first; consumer A's is
 * healthy. `start` starts the workers (it returns how to stop them). Every one of A's
 * deliveries must arrive while B's first attempts are still outstanding: B may hold no more
 * than its share of the workers, and nothing of B's may wait inside a worker, counted against
 * A's capacity. (Before, a worker claimed B's backlog up to twice its concurrency and A waited
 * for B's timeouts: 600 deliveries took 102.9 s instead of 7.2 s.)
 */
async function hangingNeighbour(tag: string, start: () => Promise<() => Promise<void>>) {
  const slowType = 'order.created'
  const healthyType = 'order.paid'
  const b = await subscribe({ name: `B ${tag}`, path: `/hang-${tag}`, events: [slowType] })
  const a = await subscribe({ name: `A ${tag}`, path: `/healthy-${tag}`, events: [healthyType] })
  await emitEvents(payload, { type: slowType, count: 150 })
  await emitEvents(payload, { type: healthyType, count: 300 })

  const stop = await start()
  try {
    // 300 events and the test event of the subscription.
    await receiver.waitFor(
      (posts) => posts.filter((post) => post.path === `/healthy-${tag}`).length >= 301,
      60_000,
    )
    const bSoFar = await statusesOf(b.id)
    const bPosts = receiver.posts().filter((post) => post.path === `/hang-${tag}`)

    // B holds exactly its share, all of it still waiting for an answer: nothing of B's failed
    // or was retried yet.
    expect(bPosts).toHaveLength(endpointConcurrency)
    expect(bSoFar).toEqual({ delivering: endpointConcurrency, pending: 151 - endpointConcurrency })
    await eventually(async () => (await statusesOf(a.id)).succeeded === 301)
    expect(await statusesOf(a.id)).toEqual({ succeeded: 301 })
    const aIds = receiver
      .posts()
      .filter((post) => post.path === `/healthy-${tag}`)
      .map((post) => post.headers['webhook-id'])
    expect(new Set(aIds).size).toBe(301)
  } finally {
    // Keep the other test's workers away from these subscriptions, and let B's sends end.
    await payload.db.drizzle.execute(
      sql`UPDATE webhook_subscriptions SET is_active = false WHERE id IN (${a.id}, ${b.id})`,
    )
    receiver.dropHanging()
    await stop()
  }
}

describe('a hanging endpoint of another consumer', () => {
  it('takes only its share of one worker', async () => {
    await hangingNeighbour('one', async () => {
      const worker = await webhooks.worker({ pollMs: 50 })
      return () => worker.stop()
    })
  }, 120_000)

  it('takes only its share of two worker processes together', async () => {
    await hangingNeighbour('two', async () => {
      const started = await Promise.all([workers.start(), workers.start()])
      return async () => {
        for (const child of started) child.kill('SIGKILL')
      }
    })
  }, 180_000)
})
