import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { signalGroup } from '../helpers/processGroups'
import { eventually, type Answer, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { recordOutcomes } from '../../src/webhooks/worker/recordOutcomes'
import { postgres } from '../../src/db/transaction'
import type { AttemptOutcome } from '../../src/webhooks/worker/sendDelivery'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let answer: Answer = 'hang'
const workers = webhooks.processes

beforeAll(async () => {
  receiver = await webhooks.receiver((request) =>
    request.path === '/prompt' ? { status: 200 } : answer,
  )
  payload = await webhooks.start()
})

type Row = { id: number; status: string; lease: string | null; attempts: number }

const deliveriesOf = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute<Row>(
      sql`SELECT id, status::text, lease_expires_at::text AS lease, attempts::int AS attempts
          FROM webhook_deliveries WHERE subscription_id = ${subscriptionId} ORDER BY id`,
    )
  ).rows

const subscriptionState = async (id: string) =>
  (
    await payload.db.drizzle.execute<{
      failure_count: number
      backoff_level: number
      backoff_until: string | null
      is_active: boolean
    }>(
      sql`SELECT failure_count::int AS failure_count, backoff_level, backoff_until::text,
                 is_active FROM webhook_subscriptions WHERE id = ${id}`,
    )
  ).rows[0]!

async function subscribe(path: string) {
  const created = await webhooks.subscribe(await webhooks.consumerKey(), {
    endpoint_url: receiver.url(path),
    events: ['order.created'],
    timeout_seconds: 30,
  })
  return created.id
}

// Claims last 35 s, the shortest lease allowed, and deliveries may take 30 s, the longest.
const env = { WEBHOOK_LEASE_SECONDS: '35', WEBHOOK_ENDPOINT_CONCURRENCY: '1' }

describe('the shortest lease', () => {
  // Before: the worker gave the claim back, claimed it again and gave it back, a dozen times
  // within a second, until a rounding let it through ("waited 5 ms for a free slot, too long
  // to send within its lease: given back to the queue").
  it('sends a delivery that may take the longest time at once, without giving it back', async () => {
    const subscriptionId = await subscribe('/prompt')
    const worker = await workers.start(env)
    await eventually(async () => (await deliveriesOf(subscriptionId))[0]?.status === 'succeeded')
    expect(await deliveriesOf(subscriptionId)).toMatchObject([{ attempts: 1 }])
    expect(workers.printed()).not.toContain('given back')
    signalGroup(worker, 'SIGTERM')
    await new Promise((resolve) => worker.once('exit', resolve))
  }, 60_000)
})

describe('a worker paused past its lease', () => {
  // Both workers may send one delivery at a time to the endpoint.

  it("writes its late outcome nowhere: the delivery, the endpoint's counters and its slot stay the other worker's", async () => {
    const subscriptionId = await subscribe('/slow')
    const postsTo = () => receiver.posts().filter((post) => post.path === '/slow')

    // Worker A sends the subscription's test event; the endpoint does not answer; A pauses.
    const first = await workers.start(env)
    await receiver.waitFor(() => postsTo().length === 1)
    signalGroup(first, 'SIGSTOP')
    const [claimedByA] = await deliveriesOf(subscriptionId)
    expect(claimedByA).toMatchObject({ status: 'delivering', attempts: 1 })

    // Worker B takes the delivery over once A's lease lapsed; its send is held open too.
    const second = await workers.start(env)
    await receiver.waitFor(() => postsTo().length === 2, 60_000)
    const [claimedByB] = await deliveriesOf(subscriptionId)
    expect(claimedByB).toMatchObject({ id: claimedByA!.id, status: 'delivering', attempts: 2 })
    expect(claimedByB!.lease).not.toBe(claimedByA!.lease)
    // Another event for the endpoint waits for its one slot, which B's send holds.
    await emitEvents(payload, { type: 'order.created', count: 1 })

    // A wakes up, finds its send timed out, and has a failure to record.
    signalGroup(first, 'SIGCONT')
    const stale = `Webhook delivery ${claimedByA!.id}: outcome (failed) of a claim no longer held`
    await eventually(async () => {
      if (workers.printed().includes(stale)) return true
      const [now] = await deliveriesOf(subscriptionId)
      return now!.status !== 'delivering' || now!.lease !== claimedByB!.lease
    }, 20_000)
    const [afterStale] = await deliveriesOf(subscriptionId)
    // (Soft: a failure here reports the others too, to show all a stale outcome undoes.)
    expect.soft(afterStale).toEqual(claimedByB)
    // No failure counted against the endpoint, no pause opened.
    expect.soft(await subscriptionState(subscriptionId)).toEqual({
      failure_count: 0,
      backoff_level: 0,
      backoff_until: null,
      is_active: true,
    })

    // Longer than a first retry (immediate), a first pause (5 s) and many polls: nothing else
    // reaches the endpoint while B's send is open (its slot is still taken, the delivery is
    // not due again).
    await new Promise((resolve) => setTimeout(resolve, 7000))
    expect.soft(postsTo().map((post) => post.headers['webhook-id'])).toHaveLength(2)

    // B's send succeeds and lands; then the waiting event goes out.
    answer = { status: 200 }
    receiver.answerHanging(200)
    await eventually(async () => {
      const rows = await deliveriesOf(subscriptionId)
      return rows.length === 2 && rows.every((row) => row.status === 'succeeded')
    }, 30_000)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const ids = postsTo().map((post) => post.headers['webhook-id'])
    // The test event twice (A's send, B's send), the order once: no third send.
    expect(ids).toHaveLength(3)
    expect(ids.filter((id) => id === ids[0])).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
    expect((await subscriptionState(subscriptionId)).failure_count).toBe(0)
    expect(workers.printed()).toContain(stale)
    for (const worker of [first, second]) {
      signalGroup(worker, 'SIGTERM')
      await new Promise((resolve) => worker.once('exit', resolve))
    }
  }, 150_000)
})

// No worker runs here: the claims and outcomes are written as two workers would write them.
describe('a late outcome of a delivery another worker already finished', () => {
  // Before: the stale failure turned the sent delivery back into `failed`, due again (a third
  // send of an event the receiver already had) and counted against the endpoint.
  it('leaves the delivery sent and the endpoint healthy', async () => {
    const subscriptionId = await subscribe('/finished')
    const pool = postgres(payload).pool
    // A's claim, which lapsed; B's claim, which succeeded and was recorded.
    const claim = (seconds: number) =>
      pool.query<{ id: number; lease_expires_at: Date }>(
        `UPDATE webhook_deliveries SET status = 'delivering', attempts = attempts + 1,
           lease_expires_at = now() + make_interval(secs => $2)
         WHERE subscription_id = $1 RETURNING id, lease_expires_at`,
        [subscriptionId, seconds],
      )
    const outcome = (
      row: { id: number; lease_expires_at: Date },
      isSuccess: boolean,
    ): AttemptOutcome => ({
      deliveryId: row.id,
      subscriptionId,
      leaseExpiresAt: row.lease_expires_at,
      isSuccess,
      status: isSuccess ? 'succeeded' : 'failed',
      nextAttemptAt: isSuccess ? null : new Date(),
      responseStatus: isSuccess ? 200 : 500,
      responseBody: 'ok',
      error: null,
      durationMs: 5,
      attempt: 1,
      isManual: false,
      attemptedAt: new Date(),
      signature: 'v1,test',
    })
    const settings = { backoffBaseMs: 5000, backoffMaxMs: 3_600_000 }
    const [byA] = (await claim(-1)).rows
    const [byB] = (await claim(35)).rows
    await recordOutcomes(payload, pool, [outcome(byB!, true)], settings)
    await recordOutcomes(payload, pool, [outcome(byA!, false)], settings)
    expect(await deliveriesOf(subscriptionId)).toMatchObject([
      { status: 'succeeded', lease: null, attempts: 2 },
    ])
    expect(await subscriptionState(subscriptionId)).toEqual({
      failure_count: 0,
      backoff_level: 0,
      backoff_until: null,
      is_active: true,
    })
  })
})
