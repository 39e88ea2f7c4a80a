import { sql } from '@payloadcms/db-postgres'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { twoConsumerWebhooks } from '../helpers/webhookHarness'
import { eventually, type ReceivedWebhook } from '../helpers/webhookReceiver'

/*
 * What the integrator portal reads, through the consumer API: the delivery log narrowed by
 * event type and time, one delivery with the body it sends, each attempt's request headers, and
 * a subscription's last 24 hours. Real worker, real receiver; another consumer sees none of it.
 */

const webhooks = twoConsumerWebhooks({ a: 'Portal consumer', b: 'Someone else' })
const { answers, asA, asB, keyA, payload, receiver } = webhooks

/** One worker with quick polls; a failed attempt is the last (`retrySchedule: [0]`). */
async function startWorker() {
  await webhooks.worker({ pollMs: 20, backoffBaseMs: 1, backoffMaxMs: 5, retrySchedule: [0] })
}

const subscribe = (path: string, body: Record<string, unknown>) =>
  webhooks.subscribe(keyA(), { endpoint_url: receiver().url(path), ...body })

const emit = webhooks.emit
const postsTo = (path: string) => receiver().postsTo(path)
const typeOf = (post: ReceivedWebhook) => (JSON.parse(post.body) as { type: string }).type

type Delivery = { id: number; event_type: string; status: string }

/** The subscription's `count` deliveries, oldest first, once none is waiting or being sent. */
async function settledDeliveries(subscriptionId: string, count: number): Promise<Delivery[]> {
  const settled = await eventually(async () => {
    const { rows } = await payload().db.drizzle.execute(
      sql`SELECT id, event_type, status FROM webhook_deliveries
          WHERE subscription_id = ${subscriptionId} ORDER BY id`,
    )
    const deliveries = rows as Delivery[]
    const isSettled = deliveries.every((d) => d.status === 'succeeded' || d.status === 'dead')
    return deliveries.length === count && isSettled ? deliveries : null
  })
  return settled!
}

type Attempt = {
  attempt: number
  attempted_at: string
  duration_ms: number
  response_status: number | null
  signature: string | null
  request_headers: Record<string, string> | null
}

async function attemptsOf(deliveryId: number): Promise<Attempt[]> {
  const page = await restJson('GET', `/api/webhooks/deliveries/${deliveryId}/attempts`, {
    headers: asA(),
  })
  expect(page.status, JSON.stringify(page.body)).toBe(200)
  return page.body.data
}

/** A percentile as the API gives it: the exact value rounded to the millisecond (half up). */
function expectRoundedFrom(actual: number | null, exact: number) {
  expect(actual).not.toBeNull()
  expect(Math.abs(actual! - exact)).toBeLessThanOrEqual(0.5)
}

describe('the delivery log', () => {
  it('narrows to one event type and a time range of creation, each alone and together', async () => {
    await startWorker()
    const subscription = await subscribe('/log', { events: ['order.created', 'order.updated'] })
    await emit(
      { type: 'order.created', data: { id: 1 } },
      { type: 'order.updated', data: { id: 1 } },
      { type: 'order.created', data: { id: 2 } },
      { type: 'order.updated', data: { id: 2 } },
    )
    // The test event, then the four in the order they were emitted.
    const deliveries = await settledDeliveries(subscription.id, 5)
    // Created one hour apart, the test event 5 hours ago, the last one 1 hour ago.
    const hour = 3_600_000
    const base = Date.now() - 5 * hour
    const createdAt = deliveries.map((_, index) => new Date(base + index * hour))
    for (const [index, delivery] of deliveries.entries()) {
      await payload().db.drizzle.execute(
        sql`UPDATE webhook_deliveries SET created_at = ${createdAt[index]!.toISOString()}
            WHERE id = ${delivery.id}`,
      )
    }
    const log = async (query: string, headers = asA()) =>
      restJson('GET', `/api/webhooks/subscriptions/${subscription.id}/deliveries?${query}`, {
        headers,
      })
    const ids = (answer: { body: { data: { id: number }[] } }) =>
      answer.body.data.map((delivery) => delivery.id)
    const [test, created1, updated1, created2, updated2] = deliveries.map((d) => d.id)

    const all = await log('')
    expect(ids(all)).toEqual([updated2, created2, updated1, created1, test])

    const updated = await log('event_type=order.updated')
    expect(updated.status).toBe(200)
    expect(ids(updated)).toEqual([updated2, updated1])
    expect(updated.body.meta).toMatchObject({ total: 2 })
    expect(ids(await log('event_type=order.paid'))).toEqual([])

    // `since` inclusive, `until` exclusive.
    const iso = (index: number) => encodeURIComponent(createdAt[index]!.toISOString())
    expect(ids(await log(`since=${iso(2)}`))).toEqual([updated2, created2, updated1])
    expect(ids(await log(`until=${iso(2)}`))).toEqual([created1, test])
    expect(ids(await log(`since=${iso(1)}&until=${iso(3)}`))).toEqual([updated1, created1])
    const together = await log(`event_type=order.created&since=${iso(1)}&until=${iso(4)}`)
    expect(ids(together)).toEqual([created2, created1])
    expect(together.body.meta).toMatchObject({ total: 2 })
    expect(ids(await log(`status=succeeded&event_type=order.created&since=${iso(3)}`))).toEqual([
      created2,
    ])
    expect(ids(await log('status=dead&event_type=order.created'))).toEqual([])
    // Another offset than UTC names the same instant.
    const inBerlin = new Date(createdAt[3]!.getTime() + 2 * hour)
      .toISOString()
      .replace('Z', '+02:00')
    expect(ids(await log(`since=${encodeURIComponent(inBerlin)}`))).toEqual([updated2, created2])

    // `until` must come after `since`: 400 in the resource envelope.
    for (const query of [`since=${iso(3)}&until=${iso(1)}`, `since=${iso(2)}&until=${iso(2)}`]) {
      const refused = await log(query)
      expect(refused.status, query).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'bad_request' })
      expect(refused.body.error.message).toMatch(/until must be after since/)
    }
    const malformed = await log('since=yesterday')
    expect(malformed.status).toBe(400)
    expect(malformed.body.error).toMatchObject({ code: 'validation_failed' })
    expect(JSON.stringify(malformed.body.error.details)).toMatch(/since/)

    // Another consumer learns nothing, filtered or not.
    const other = await log('event_type=order.updated', asB())
    expect(other.status).toBe(404)
    expect(other.body).not.toHaveProperty('data')
  })
})

describe('one delivery and its attempts', () => {
  it('shows the body as sent, the headers of each attempt, and verifies with the secret; 404 to anyone else', async () => {
    await startWorker()
    const subscription = await subscribe('/signed', {
      events: ['product.updated'],
      headers: { 'X-Tenant': 'acme' },
    })
    await emit({ type: 'product.updated', data: { id: 41, name: 'Lamp', price: 12.5 } })
    const [, delivery] = await settledDeliveries(subscription.id, 2)
    const post = postsTo('/signed').find((received) => typeOf(received) === 'product.updated')!

    const read = await restJson('GET', `/api/webhooks/deliveries/${delivery!.id}`, {
      headers: asA(),
    })
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    expect(read.body.data).toMatchObject({
      id: delivery!.id,
      subscription_id: subscription.id,
      event_type: 'product.updated',
      status: 'succeeded',
      payload: { id: 41, name: 'Lamp', price: 12.5 },
    })
    // Byte for byte what the receiver got.
    expect(read.body.data.request_body).toBe(post.body)

    const [attempt] = await attemptsOf(delivery!.id)
    const headers = attempt!.request_headers!
    expect(headers).toMatchObject({
      'x-tenant': 'acme',
      'content-type': 'application/json',
      'webhook-id': read.body.data.event_id,
      'webhook-signature': attempt!.signature,
    })
    // Each header logged is the one the receiver got.
    for (const [name, value] of Object.entries(headers)) {
      expect(post.headers[name], name).toBe(value)
    }
    expect(Number(headers['webhook-timestamp'])).toBe(
      Math.floor(Date.parse(attempt!.attempted_at) / 1000),
    )
    // The logged body and headers verify with the subscription's secret.
    const verified = new Webhook(subscription.secret).verify(read.body.data.request_body, {
      'webhook-id': headers['webhook-id']!,
      'webhook-timestamp': headers['webhook-timestamp']!,
      'webhook-signature': headers['webhook-signature']!,
    })
    expect(verified).toMatchObject({ type: 'product.updated', data: { id: 41 } })
    expect(() =>
      new Webhook(subscription.secret).verify(read.body.data.request_body.replace('41', '42'), {
        'webhook-id': headers['webhook-id']!,
        'webhook-timestamp': headers['webhook-timestamp']!,
        'webhook-signature': headers['webhook-signature']!,
      }),
    ).toThrow()

    // An attempt logged before the headers were kept shows null.
    await payload().db.drizzle.execute(
      sql`INSERT INTO webhook_attempts (delivery_id, subscription_id, attempt, attempted_at,
            duration_ms, response_status)
          VALUES (${delivery!.id}, ${subscription.id}, 0, now() - interval '1 minute', 5, 200)`,
    )
    const withOld = await attemptsOf(delivery!.id)
    expect(withOld.map((a) => [a.attempt, a.request_headers === null])).toEqual([
      [0, true],
      [1, false],
    ])

    // Another consumer, a missing id, a malformed one, nobody.
    const other = await restJson('GET', `/api/webhooks/deliveries/${delivery!.id}`, {
      headers: asB(),
    })
    expect(other.status).toBe(404)
    expect(other.body).not.toHaveProperty('data')
    const otherAttempts = await restJson(
      'GET',
      `/api/webhooks/deliveries/${delivery!.id}/attempts`,
      { headers: asB() },
    )
    expect(otherAttempts.status).toBe(404)
    expect(
      (await restJson('GET', '/api/webhooks/deliveries/2000000000', { headers: asA() })).status,
    ).toBe(404)
    expect((await restJson('GET', '/api/webhooks/deliveries/abc', { headers: asA() })).status).toBe(
      400,
    )
    expect((await restJson('GET', `/api/webhooks/deliveries/${delivery!.id}`)).status).toBe(401)
  })

  it('shows `data: null` in the body of a delivery whose event left the event log, as it is sent', async () => {
    const subscription = await subscribe('/orphan', { events: ['comment.created'] })
    const { rows } = await payload().db.drizzle.execute(
      sql`INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
            event_seq, status, attempts, next_attempt_at)
          VALUES (${subscription.id}, gen_random_uuid()::text, 'comment.created', now(),
            nextval(pg_get_serial_sequence('webhook_outbox', 'seq')), 'pending', 0, now())
          RETURNING id`,
    )
    const { id } = rows[0] as { id: number }
    await startWorker()
    await settledDeliveries(subscription.id, 2)
    const post = postsTo('/orphan').find((received) => typeOf(received) === 'comment.created')!
    expect(JSON.parse(post.body)).toMatchObject({ type: 'comment.created', data: null })
    const read = await restJson('GET', `/api/webhooks/deliveries/${id}`, { headers: asA() })
    expect(read.status).toBe(200)
    expect(read.body.data.request_body).toBe(post.body)
  })
})

/** `percentile_cont`: linear interpolation between the closest ranks. */
function percentile(values: number[], fraction: number) {
  const sorted = [...values].sort((a, b) => a - b)
  const position = fraction * (sorted.length - 1)
  const below = sorted[Math.floor(position)]!
  const above = sorted[Math.ceil(position)]!
  return below + (above - below) * (position - Math.floor(position))
}

const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000) * 3_600_000

describe('the stats of a subscription', () => {
  it('count successes and failures in the hour they happened, with p50 and p95, over 24 hours', async () => {
    // Nothing sent yet: zeros, no rate, no percentiles, no last delivery.
    const subscription = await subscribe('/stats', { events: ['order.paid'] })
    const empty = await restJson('GET', `/api/webhooks/subscriptions/${subscription.id}/stats`, {
      headers: asA(),
    })
    expect(empty.status, JSON.stringify(empty.body)).toBe(200)
    expect(empty.body.data).toMatchObject({
      attempts: 0,
      succeeded: 0,
      failed: 0,
      success_rate: null,
      p50_ms: null,
      p95_ms: null,
      last_delivery_at: null,
    })
    expect(empty.body.data.hours).toHaveLength(24)

    // Order 1 is answered 200 after 40 ms, order 2 with 500 after 120 ms (its only attempt).
    answers.set('/stats', (request) => {
      const body = JSON.parse(request.body) as { type: string; data: { id?: number } }
      if (body.type !== 'order.paid') return { status: 200 }
      return body.data.id === 2 ? { status: 500, delayMs: 120 } : { status: 200, delayMs: 40 }
    })
    await startWorker()
    await emit({ type: 'order.paid', data: { id: 1 } }, { type: 'order.paid', data: { id: 2 } })
    const deliveries = await settledDeliveries(subscription.id, 3)
    expect(deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'dead'])
    const attempts = (await Promise.all(deliveries.map((d) => attemptsOf(d.id)))).flat()
    expect(attempts).toHaveLength(3)

    // Logged earlier: one attempt 5 hours ago (a success), one 25 hours ago (outside).
    const [first] = deliveries
    for (const [hoursAgo, status] of [
      [5, 204],
      [25, 200],
    ] as const) {
      await payload().db.drizzle.execute(
        sql`INSERT INTO webhook_attempts (delivery_id, subscription_id, attempt, attempted_at,
              duration_ms, response_status)
            VALUES (${first!.id}, ${subscription.id}, 9,
              now() - make_interval(hours => ${hoursAgo}), 300, ${status})`,
      )
    }
    const logged = (await attemptsOf(first!.id)).filter((a) => a.attempt === 9)
    const earlier = logged.find((a) => Date.parse(a.attempted_at) > Date.now() - 6 * 3_600_000)!

    const stats = await restJson('GET', `/api/webhooks/subscriptions/${subscription.id}/stats`, {
      headers: asA(),
    })
    expect(stats.status, JSON.stringify(stats.body)).toBe(200)
    const data = stats.body.data as {
      from: string
      to: string
      attempts: number
      succeeded: number
      failed: number
      success_rate: number
      p50_ms: number
      p95_ms: number
      last_delivery_at: string | null
      hours: {
        start: string
        attempts: number
        succeeded: number
        failed: number
        p50_ms: number | null
        p95_ms: number | null
      }[]
    }
    const counted = [...attempts, earlier]
    const durations = counted.map((a) => a.duration_ms)
    expect(data).toMatchObject({ attempts: 4, succeeded: 3, failed: 1, success_rate: 0.75 })
    expectRoundedFrom(data.p50_ms, percentile(durations, 0.5))
    expectRoundedFrom(data.p95_ms, percentile(durations, 0.95))
    // Plausible: the failed attempt waited 120 ms, the inserted one took 300.
    expect(data.p95_ms).toBeGreaterThanOrEqual(120)
    expect(data.p95_ms).toBeLessThanOrEqual(300)
    expect(Date.parse(data.last_delivery_at!)).toBeGreaterThan(Date.now() - 60_000)

    // 24 hours, oldest first, ending with the current one; `from` is the first one's start.
    const starts = data.hours.map((h) => Date.parse(h.start))
    expect(starts).toHaveLength(24)
    expect(starts.slice(1).map((start, index) => start - starts[index]!)).toEqual(
      Array(23).fill(3_600_000),
    )
    expect(starts[23]).toBe(hourOf(data.to))
    expect(Date.parse(data.from)).toBe(starts[0])
    expect(Math.abs(Date.parse(data.to) - Date.now())).toBeLessThan(60_000)

    // Each attempt in the hour it started in, with that hour's own figures.
    const expected = new Map<number, Attempt[]>()
    for (const attempt of counted) {
      const start = hourOf(attempt.attempted_at)
      expected.set(start, [...(expected.get(start) ?? []), attempt])
    }
    for (const hour of data.hours) {
      const inHour = expected.get(Date.parse(hour.start)) ?? []
      const succeeded = inHour.filter((a) => a.response_status! >= 200 && a.response_status! < 300)
      expect(hour, hour.start).toMatchObject({
        attempts: inHour.length,
        succeeded: succeeded.length,
        failed: inHour.length - succeeded.length,
      })
      if (inHour.length === 0) {
        expect(hour).toMatchObject({ p50_ms: null, p95_ms: null })
      } else {
        const inHourDurations = inHour.map((a) => a.duration_ms)
        expectRoundedFrom(hour.p50_ms, percentile(inHourDurations, 0.5))
        expectRoundedFrom(hour.p95_ms, percentile(inHourDurations, 0.95))
      }
    }
    const earlierHour = data.hours.find((h) => Date.parse(h.start) === hourOf(earlier.attempted_at))
    expect(earlierHour).toMatchObject({ attempts: 1, succeeded: 1, p50_ms: 300, p95_ms: 300 })

    // Another consumer learns nothing.
    const other = await restJson('GET', `/api/webhooks/subscriptions/${subscription.id}/stats`, {
      headers: asB(),
    })
    expect(other.status).toBe(404)
    expect(other.body).not.toHaveProperty('data')
    const anonymous = await restJson('GET', `/api/webhooks/subscriptions/${subscription.id}/stats`)
    expect(anonymous.status).toBe(401)
  })
})
