import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { signedInAs } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'
import { eventually, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhookReceiver'

// "Retry now" used to wait for the endpoint's back-off (an hour at most): an integrator who had
// fixed their server saw nothing arrive. A retry, a test event and "Send now" go out at once.
const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let apiKey: string
/** Paths whose endpoint is broken (answers 500) until fixed. */
const broken = new Set<string>()
/** The bound: a send asked for now reaches the receiver within 5 s. */
const nowMs = 5000
const hourMs = 3_600_000

beforeAll(async () => {
  receiver = await webhooks.receiver((request) =>
    request.method === 'POST' && broken.has(request.path) ? { status: 500 } : { status: 200 },
  )
  payload = await webhooks.start()
  apiKey = await webhooks.consumerKey('Retry-now consumer')
  // Two workers, whose endpoint back-off is an hour from the first failure.
  for (let n = 0; n < 2; n++) {
    await webhooks.worker({ pollMs: 50, backoffBaseMs: hourMs, backoffMaxMs: hourMs })
  }
})

type SubscriptionRow = {
  /** `backoff_until` in epoch ms. */
  backoff_until_ms: number | null
  backoff_level: number
  failure_count: number
}
const subscriptionRow = async (id: string) =>
  (
    await payload.db.drizzle.execute<SubscriptionRow>(
      sql`SELECT (extract(epoch FROM backoff_until) * 1000)::float8 AS backoff_until_ms,
                 backoff_level::int AS backoff_level,
                 failure_count::int AS failure_count
          FROM webhook_subscriptions WHERE id = ${id}`,
    )
  ).rows[0]!

type DeliveryRow = { id: number; event_id: string; status: string }
const deliveriesOf = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute<DeliveryRow>(
      sql`SELECT id, event_id, status FROM webhook_deliveries
          WHERE subscription_id = ${subscriptionId} ORDER BY id`,
    )
  ).rows

/**
 * A subscription whose endpoint failed its first delivery (the test event queued on creation)
 * and now backs off for an hour, with an `order.created` held behind the back-off; the endpoint
 * is then fixed, as the integrator would.
 */
async function fixedEndpointInHourLongBackoff(path: string) {
  broken.add(path)
  const subscription = await webhooks.subscribe(apiKey, {
    endpoint_url: receiver.url(path),
    events: ['order.created'],
  })
  await eventually(async () => {
    const row = await subscriptionRow(subscription.id)
    return row.backoff_until_ms && row.backoff_until_ms > Date.now() + hourMs / 2
  })
  await webhooks.emit({
    type: 'order.created',
    data: { id: 1, status: 'pending', total: 5, created_at: new Date().toISOString() },
  })
  const deliveries = await eventually(async () => {
    const rows = await deliveriesOf(subscription.id)
    return rows.length === 2 ? rows : null
  }).then((rows) => rows!)
  broken.delete(path)
  return {
    subscriptionId: subscription.id,
    failedTest: deliveries[0]!,
    heldOrder: deliveries[1]!,
  }
}

const arrivedAt = (path: string, eventId: string) => (posts: ReceivedWebhook[]) =>
  posts.some((post) => post.path === path && post.headers['webhook-id'] === eventId)

/** The back-off ended and the failures were forgotten once a send succeeded. */
async function expectRecovered(subscriptionId: string) {
  const row = await eventually(async () => {
    const current = await subscriptionRow(subscriptionId)
    return current.backoff_level === 0 ? current : null
  }).then((current) => current!)
  expect(row.failure_count).toBe(0)
  expect(row.backoff_until_ms === null || row.backoff_until_ms <= Date.now()).toBe(true)
}

describe('a send asked for now, to an endpoint in a one-hour back-off', () => {
  it("a consumer's retry reaches the receiver within 5 s, ends the back-off and the rest follow", async () => {
    const path = '/retry'
    const { subscriptionId, failedTest, heldOrder } = await fixedEndpointInHourLongBackoff(path)
    const retried = await restJson('POST', `/api/webhooks/deliveries/${failedTest.id}/retry`, {
      headers: { 'x-api-key': apiKey },
    })
    expect(retried.status).toBe(202)
    await receiver.waitFor(arrivedAt(path, failedTest.event_id), nowMs)
    await expectRecovered(subscriptionId)
    // The delivery held behind the back-off goes out as soon as the back-off ends.
    await receiver.waitFor(arrivedAt(path, heldOrder.event_id), nowMs)
  })

  it("the admin panel's retry reaches the receiver within 5 s", async () => {
    const path = '/admin-retry'
    const { subscriptionId, heldOrder } = await fixedEndpointInHourLongBackoff(path)
    const retried = await restJson('POST', `/api/webhook-deliveries/${heldOrder.id}/retry`, {
      headers: await signedInAs(payload, 'admin'),
    })
    expect(retried.status).toBe(202)
    await receiver.waitFor(arrivedAt(path, heldOrder.event_id), nowMs)
    await expectRecovered(subscriptionId)
  })

  it('a test event reaches the receiver within 5 s', async () => {
    const path = '/test-event'
    const { subscriptionId } = await fixedEndpointInHourLongBackoff(path)
    const tested = await restJson('POST', `/api/webhooks/subscriptions/${subscriptionId}/test`, {
      headers: { 'x-api-key': apiKey },
    })
    expect(tested.status).toBe(201)
    const eventId = (tested.body as { data: { event_id: string } }).data.event_id
    await receiver.waitFor(arrivedAt(path, eventId), nowMs)
    await expectRecovered(subscriptionId)
  })

  it('"Send now" sends the oldest waiting delivery within 5 s', async () => {
    const path = '/send-now'
    const { subscriptionId, failedTest, heldOrder } = await fixedEndpointInHourLongBackoff(path)
    const sent = await restJson('POST', `/api/webhooks/subscriptions/${subscriptionId}/send-now`, {
      headers: { 'x-api-key': apiKey },
    })
    expect(sent.status).toBe(202)
    const delivery = (sent.body as { data: { id: number; event_id: string } }).data
    expect([failedTest.id, heldOrder.id]).toContain(delivery.id)
    await receiver.waitFor(arrivedAt(path, delivery.event_id), nowMs)
    await expectRecovered(subscriptionId)
    // Once the rest have followed (each at its own due time), nothing waits: "Send now" says so.
    await eventually(async () =>
      (await deliveriesOf(subscriptionId)).every((row) => row.status === 'succeeded'),
    )
    const nothing = await restJson(
      'POST',
      `/api/webhooks/subscriptions/${subscriptionId}/send-now`,
      { headers: { 'x-api-key': apiKey } },
    )
    expect(nothing.status).toBe(409)
  })

  it('a retry clicked twice sends the delivery once at a time; the endpoint still takes one send while it backs off', async () => {
    const path = '/twice'
    const { subscriptionId, failedTest, heldOrder } = await fixedEndpointInHourLongBackoff(path)
    // The endpoint is still broken: the retried send fails and the back-off goes on.
    broken.add(path)
    const retry = () =>
      restJson('POST', `/api/webhooks/deliveries/${failedTest.id}/retry`, {
        headers: { 'x-api-key': apiKey },
      })
    const answers = await Promise.all([retry(), retry()])
    for (const answer of answers) expect([202, 409]).toContain(answer.status)
    expect(answers.some((answer) => answer.status === 202)).toBe(true)
    await receiver.waitFor(arrivedAt(path, failedTest.event_id), nowMs)
    const row = await eventually(async () => {
      const current = await subscriptionRow(subscriptionId)
      return current.backoff_until_ms && current.backoff_until_ms > Date.now() + hourMs / 2
        ? current
        : null
    }).then((current) => current!)
    expect(row.failure_count).toBeGreaterThanOrEqual(2)
    // The held delivery stays held: a failed manual send is a failed probe.
    expect(
      receiver.postsTo(path).some((post) => post.headers['webhook-id'] === heldOrder.event_id),
    ).toBe(false)
  })

  it('refuses (409) to send now to an endpoint that is turned off, and queues nothing', async () => {
    const path = '/turned-off'
    const { subscriptionId, failedTest } = await fixedEndpointInHourLongBackoff(path)
    const off = await restJson('PATCH', `/api/webhooks/subscriptions/${subscriptionId}`, {
      headers: { 'x-api-key': apiKey },
      body: { is_active: false },
    })
    expect(off.status).toBe(200)
    const before = await deliveriesOf(subscriptionId)
    const headers = { 'x-api-key': apiKey }
    for (const url of [
      `/api/webhooks/deliveries/${failedTest.id}/retry`,
      `/api/webhooks/subscriptions/${subscriptionId}/test`,
      `/api/webhooks/subscriptions/${subscriptionId}/send-now`,
    ]) {
      const answer = await restJson('POST', url, { headers })
      expect(answer.status, url).toBe(409)
      expect(JSON.stringify(answer.body)).toContain('turned off')
    }
    expect(await deliveriesOf(subscriptionId)).toEqual(before)
  })
})
