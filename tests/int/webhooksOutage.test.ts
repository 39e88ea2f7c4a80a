import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { backoffDelay } from '../../src/webhooks/endpointBackoff'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver

beforeAll(async () => {
  receiver = await webhooks.receiver()
  payload = await webhooks.start()
})
// Each test runs its own worker, with its own pauses.
afterEach(() => webhooks.stopWorkers())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type DeliveryRow = { id: number; event_id: string; status: string; attempts: number }
const deliveriesOf = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute<DeliveryRow>(
      sql`SELECT id, event_id, status, attempts::int AS attempts FROM webhook_deliveries
          WHERE subscription_id = ${subscriptionId} ORDER BY id`,
    )
  ).rows

describe('an endpoint that is down for a while under a steady stream of events', () => {
  // Before: a 20 s outage at 10 events/s disabled the subscription after 6.5 s (every attempt of
  // every queued delivery counted) and 480 of 600 events were never delivered.
  it('is not disabled, holds its deliveries without spending their attempts, and gets every event once', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Outage consumer')
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/outage'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    const subscriptionId = (created.body as { id: string }).id

    // The schedules are compressed (pauses of 0.2 s doubling to 1 s instead of 5 s to an hour;
    // retries after 0.5 s, 1 s, ...) so that an outage of a few seconds tells the same story.
    await webhooks.worker({
      pollMs: 20,
      backoffBaseMs: 200,
      backoffMaxMs: 1000,
      retrySchedule: [0, 500, 1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000],
    })
    await receiver.waitFor((posts) => posts.some((post) => post.path === '/outage'))

    // Ten events a second for six seconds; the receiver refuses connections from 1 s to 4 s.
    const stream = (async () => {
      for (let tick = 1; tick <= 60; tick++) {
        await emitEvents(payload, { type: 'order.created', count: 1, data: () => ({ id: tick }) })
        await sleep(100)
      }
    })()
    await sleep(1000)
    await receiver.goDown()
    await sleep(3000)
    const duringOutage = await deliveriesOf(subscriptionId)
    const unsent = duringOutage.filter((row) => row.status !== 'succeeded')
    const held = unsent.filter((row) => row.status === 'pending' && row.attempts === 0)
    const subscriptionDuring = await payload.findByID({
      collection: 'webhook-subscriptions',
      id: subscriptionId,
    })
    await receiver.comeUp()
    await stream

    // Everything arrives once the endpoint answers again.
    await eventually(async () => {
      const rows = await deliveriesOf(subscriptionId)
      return rows.length === 61 && rows.every((row) => row.status === 'succeeded')
    }, 60_000)
    const subscription = await payload.findByID({
      collection: 'webhook-subscriptions',
      id: subscriptionId,
    })
    const ids = receiver
      .posts()
      .filter((post) => post.path === '/outage')
      .map((post) => post.headers['webhook-id'])
    const final = await deliveriesOf(subscriptionId)

    // While down, the endpoint backed off and most of its deliveries waited untried. (How many
    // events the stream emitted in those 3 s depends on the machine's load: 18 to 30 were seen.)
    expect(subscriptionDuring.backoffUntil).toBeTruthy()
    expect(held.length).toBeGreaterThanOrEqual(10)
    expect(held.length).toBeGreaterThan(unsent.length / 2)
    // Not disabled, and healthy again.
    expect(subscription.isActive).toBe(true)
    expect(subscription.disabledAt ?? null).toBeNull()
    expect(subscription.failureCount).toBe(0)
    expect(subscription.backoffUntil ?? null).toBeNull()
    // Every event exactly once to the receiver's knowledge: 60 events and the test event.
    expect(ids).toHaveLength(61)
    expect(new Set(ids)).toEqual(new Set(final.map((row) => row.event_id)))
    // A held delivery spent no attempt while it waited: its one attempt is the one that arrived.
    const attemptsOf = new Map(final.map((row) => [row.id, row.attempts]))
    for (const row of held) expect(attemptsOf.get(row.id), `delivery ${row.id}`).toBe(1)
    // The attempts that failed are those actually made: a few, not one per waiting delivery.
    const failedAttempts = final.reduce((sum, row) => sum + row.attempts - 1, 0)
    expect(failedAttempts).toBeLessThan(held.length)
  }, 120_000)
})

describe('test events clicked again and again while the endpoint is down', () => {
  // Before: each test (or retry, or "Send now") ended the pause and became its probe, and each
  // failed probe raised the back-off a level. 43 clicks in 20 s took the endpoint to an hour's
  // pause (`failure_count` 33), and not one event arrived in the two minutes after the receiver
  // was back.
  it('cost the endpoint only the pause the outage alone costs: every event arrives within it once the receiver is back', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Clicking consumer')
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/clicks'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    const subscriptionId = (created.body as { id: string }).id
    // Pauses from 0.5 s doubling up to a minute (the default's 5 s to an hour, compressed);
    // retries every 0.5 s, so that each delivery's own schedule never outlasts the pause.
    const settings = { backoffBaseMs: 500, backoffMaxMs: 60_000 }
    await webhooks.worker({
      pollMs: 20,
      ...settings,
      retrySchedule: [0, ...Array.from({ length: 29 }, () => 500)],
    })
    await receiver.waitFor((posts) => posts.some((post) => post.path === '/clicks'))

    await receiver.goDown()
    const downAt = Date.now()
    const clicked: string[] = []
    while (Date.now() - downAt < 10_000) {
      const answer = await restJson('POST', `/api/webhooks/subscriptions/${subscriptionId}/test`, {
        headers: { 'x-api-key': apiKey },
      })
      expect([201, 429]).toContain(answer.status)
      if (answer.status === 201)
        clicked.push((answer.body as { data: { event_id: string } }).data.event_id)
      await sleep(200)
    }
    const [before] = (
      await payload.db.drizzle.execute<{ backoff_level: number; failure_count: number }>(
        sql`SELECT backoff_level::int AS backoff_level, failure_count::int AS failure_count
            FROM webhook_subscriptions WHERE id = ${subscriptionId}`,
      )
    ).rows
    await receiver.comeUp()
    const outageMs = Date.now() - downAt

    // The level the outage alone reaches: one per pause that ended within it (each at its
    // shortest), and the longest pause that level can take.
    let level = 1
    for (let elapsed = 0; ; level++) {
      elapsed += backoffDelay(level, settings, () => 0)
      if (elapsed > outageMs) break
    }
    const boundMs = backoffDelay(level, settings, () => 0.999_999) + 3000
    expect(clicked.length).toBeGreaterThanOrEqual(20)
    expect(before!.backoff_level).toBeLessThanOrEqual(level)
    await receiver.waitFor((posts) => {
      const arrived = new Set(
        posts.filter((post) => post.path === '/clicks').map((post) => post.headers['webhook-id']),
      )
      return clicked.every((id) => arrived.has(id))
    }, boundMs)
    const after = await payload.findByID({
      collection: 'webhook-subscriptions',
      id: subscriptionId,
    })
    expect(after.failureCount).toBe(0)
    expect(after.backoffUntil ?? null).toBeNull()
  }, 120_000)
})
