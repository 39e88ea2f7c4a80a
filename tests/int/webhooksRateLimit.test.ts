import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { postgres } from '../../src/db/transaction'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
const workers = webhooks.processes

beforeAll(async () => {
  receiver = await webhooks.receiver()
  payload = await webhooks.start()
})

/** The most arrivals within any window of `windowMs` (arrival times in ms, ascending). */
function busiestWindow(times: number[], windowMs: number) {
  let most = 0
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++
    most = Math.max(most, last - first + 1)
  }
  return most
}

describe('a subscription with max_deliveries_per_second', () => {
  it('is set on create and PATCH, shown, and cleared with null', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Settings consumer')
    const headers = { 'x-api-key': apiKey }
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers,
      body: {
        endpoint_url: receiver.url('/settings'),
        events: ['order.created'],
        max_deliveries_per_second: 20,
      },
    })
    expect(created.status).toBe(201)
    const path = `/api/webhooks/subscriptions/${created.body.id}`
    expect((await restJson('GET', path, { headers })).body.data.max_deliveries_per_second).toBe(20)
    const patched = await restJson('PATCH', path, {
      headers,
      body: { max_deliveries_per_second: 3 },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.data.max_deliveries_per_second).toBe(3)
    const cleared = await restJson('PATCH', path, {
      headers,
      body: { max_deliveries_per_second: null },
    })
    expect(cleared.body.data.max_deliveries_per_second).toBeNull()
    for (const invalid of [0, 1.5, 1001, 'fast']) {
      const refused = await restJson('PATCH', path, {
        headers,
        body: { max_deliveries_per_second: invalid },
      })
      expect(refused.status, String(invalid)).toBe(400)
    }
  })

  it('is honoured by two worker processes together', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Paced consumer')
    const rate = 5
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: {
        endpoint_url: receiver.url('/paced'),
        events: ['order.created'],
        max_deliveries_per_second: rate,
      },
    })
    expect(created.status).toBe(201)
    // 40 events and the test event, queued before the workers start: without the limit, two
    // workers send all 41 within a fraction of a second.
    await emitEvents(payload, { type: 'order.created', count: 40 })
    await Promise.all([workers.start(), workers.start()])
    const posts = await receiver.waitFor(
      (all) => all.filter((post) => post.path === '/paced').length >= 41,
      60_000,
    )
    const paced = posts.filter((post) => post.path === '/paced')
    expect(new Set(paced.map((post) => post.headers['webhook-id'])).size).toBe(41)
    // The limit paces when attempts start: on average `rate` a second, with a burst of at most
    // one second's worth, so no second holds more than twice the rate. Measured on the start
    // times the workers recorded (a send's own network and scheduling jitter shifts arrivals
    // by a few milliseconds, which can move one more into a second at the receiver).
    const { rows } = await postgres(payload).pool.query<{ started: number }>(
      `SELECT extract(epoch FROM last_attempt_at) * 1000 AS started FROM webhook_deliveries
       WHERE subscription_id = $1 ORDER BY last_attempt_at`,
      [created.body.id],
    )
    expect(rows).toHaveLength(41)
    const busiest = busiestWindow(
      rows.map((row) => Number(row.started)),
      1000,
    )
    expect(busiest, `busiest second, workers' errors:\n${workers.errors()}`).toBeLessThanOrEqual(
      2 * rate,
    )
    // And as the receiver saw it: 41 at 5 a second after a burst of 10 take over 6 s (without
    // the limit, two workers send them all within a fraction of a second).
    const arrivals = paced.map((post) => post.at)
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThan(5_000)
  }, 120_000)
})
