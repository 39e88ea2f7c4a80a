import net from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { FakeStripe } from '../helpers/fakeStripe'
import { handInConfig } from '../helpers/testConfig'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { serverBridge } from '../../src/runtime/serverBridge'
import { rest, restJson } from '../helpers/rest'
import { consumerWithKey } from '../helpers/identities'
import { address, createProduct, useFakeStripe } from '../helpers/shop'
import { webhookHarness } from '../helpers/webhookHarness'

const token = 'metrics-test-token-0123456789'

const webhooks = webhookHarness()
let payload: Payload
let stripe: FakeStripe
let receiver: WebhookReceiver

beforeAll(async () => {
  // Mail goes to a port where nothing listens: every send fails.
  const closed = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
  payload = await webhooks.start({
    METRICS_TOKEN: token,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(closed),
  })
  stripe = await useFakeStripe(payload)
  receiver = await webhooks.receiver()
})

afterAll(async () => {
  await stripe?.stop()
})

/** Scrapes `GET /api/metrics` with the token; the exposition text. */
async function scrape() {
  const response = await rest('GET', '/api/metrics', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return response.text()
}

/** The value of one series in the exposition text (undefined when absent). */
function valueOf(text: string, series: string) {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /api/metrics', () => {
  it('is 404 while METRICS_TOKEN is unset, whatever the caller sends', async () => {
    const restore = handInConfig(payload, { METRICS_TOKEN: undefined })
    try {
      for (const headers of [{}, { authorization: `Bearer ${token}` }] as Record<
        string,
        string
      >[]) {
        const answer = await restJson('GET', '/api/metrics', { headers })
        expect(answer.status).toBe(404)
        expect(answer.body.error.code).toBe('not_found')
      }
    } finally {
      restore()
    }
  })

  it('is 401 without the token or with another, and Prometheus text with it', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, token, 'Bearer ']) {
      const answer = await restJson('GET', '/api/metrics', {
        headers: authorization === undefined ? {} : { authorization },
      })
      expect(answer.status, String(authorization)).toBe(401)
      expect(answer.body.error.code).toBe('unauthorized')
      expect(answer.headers.get('ratelimit-limit')).toBeNull()
    }
    const response = await rest('GET', '/api/metrics', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(response.headers.get('ratelimit-limit')).toBeNull()
    const text = await response.text()
    for (const name of [
      'http_request_duration_seconds',
      'webhook_deliveries_total',
      'webhook_send_duration_seconds',
      'webhook_queue_depth',
      'webhook_oldest_due_delivery_age_seconds',
      'webhook_subscriptions_disabled',
      'checkouts_total',
      'emails_failed_total',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `)
    }
  })

  it('counts each finished request the app server reports, by route template', async () => {
    const observe = serverBridge().observeRequest!
    expect(typeof observe).toBe('function')
    // As scripts/server.mjs calls it for every response.
    const uuid = '3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42'
    observe({
      method: 'GET',
      path: `/webhooks/subscriptions/${uuid}`,
      status: 200,
      durationSeconds: 0.03,
    })
    observe({
      method: 'GET',
      path: `/webhooks/subscriptions/${uuid}`,
      status: 404,
      durationSeconds: 0.01,
    })
    observe({ method: 'PATCH', path: '/api/v1/articles/17', status: 200, durationSeconds: 0.2 })
    observe({ method: 'GET', path: '/api/orders/42', status: 200, durationSeconds: 0.05 })
    observe({ method: 'GET', path: '/wp-login.php', status: 404, durationSeconds: 0.002 })
    observe({
      method: 'GET',
      path: '/api/no-such-thing/at/all',
      status: 404,
      durationSeconds: 0.002,
    })
    observe({
      method: 'GET',
      path: '/admin/collections/articles/5',
      status: 200,
      durationSeconds: 0.4,
    })
    const text = await scrape()
    const count = (labels: string) =>
      valueOf(text, `http_request_duration_seconds_count{${labels}}`)
    expect(count('method="GET",route="/webhooks/subscriptions/:id",status="200"')).toBe(1)
    expect(count('method="GET",route="/webhooks/subscriptions/:id",status="404"')).toBe(1)
    expect(count('method="PATCH",route="/api/v1/articles/:id",status="200"')).toBe(1)
    expect(count('method="GET",route="/api/orders/:id",status="200"')).toBe(1)
    expect(count('method="GET",route="other",status="404"')).toBe(1)
    expect(count('method="GET",route="/api/*",status="404"')).toBe(1)
    expect(count('method="GET",route="/admin/*",status="200"')).toBe(1)
    // No path a caller chose ever becomes a label.
    expect(text).not.toContain(uuid)
    expect(text).not.toContain('wp-login')
    expect(text).not.toContain('no-such-thing')
  })

  it('reads the webhook queue and the disabled subscriptions from the database', async () => {
    const { apiKey } = await consumerWithKey(payload)
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/queued'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    // No worker runs yet: the test event waits, due for a minute now.
    await payload.db.drizzle.execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '60 seconds' WHERE subscription_id = ${created.body.id}`,
    )
    let text = await scrape()
    expect(valueOf(text, 'webhook_queue_depth{status="pending"}')).toBe(1)
    expect(valueOf(text, 'webhook_queue_depth{status="delivering"}')).toBe(0)
    expect(valueOf(text, 'webhook_oldest_due_delivery_age_seconds')).toBeGreaterThanOrEqual(60)
    expect(valueOf(text, 'webhook_subscriptions_disabled')).toBe(0)

    // Disabled after failing: counted; its waiting delivery is no longer due for any worker.
    await payload.db.drizzle.execute(
      sql`UPDATE webhook_subscriptions SET is_active = false, disabled_at = now() WHERE id = ${created.body.id}`,
    )
    text = await scrape()
    expect(valueOf(text, 'webhook_subscriptions_disabled')).toBe(1)
    expect(valueOf(text, 'webhook_queue_depth{status="pending"}')).toBe(1)
    expect(valueOf(text, 'webhook_oldest_due_delivery_age_seconds')).toBe(0)
    await payload.db.drizzle.execute(
      sql`DELETE FROM webhook_deliveries WHERE subscription_id = ${created.body.id}`,
    )
    await payload.db.drizzle.execute(
      sql`DELETE FROM webhook_subscriptions WHERE id = ${created.body.id}`,
    )
  })

  it('counts webhook sends by outcome, with their latency', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Sender')
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/sent'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    const before = await scrape()
    const succeeded = valueOf(before, 'webhook_deliveries_total{outcome="succeeded"}')!
    const sends = valueOf(before, 'webhook_send_duration_seconds_count')!
    await webhooks.worker({ pollMs: 50 })
    await receiver.waitFor((posts) => posts.some((post) => post.path === '/sent'))
    await eventually(async () => {
      const text = await scrape()
      return valueOf(text, 'webhook_deliveries_total{outcome="succeeded"}')! > succeeded
    })
    const text = await scrape()
    expect(valueOf(text, 'webhook_send_duration_seconds_count')).toBeGreaterThan(sends)
    // Once its outcome is written (in a batch, just after), the queue is empty again.
    await eventually(async () => {
      const now = await scrape()
      return (
        valueOf(now, 'webhook_queue_depth{status="delivering"}') === 0 &&
        valueOf(now, 'webhook_queue_depth{status="pending"}') === 0
      )
    })
  })

  it('counts checkouts by outcome', async () => {
    const product = await createProduct(payload, { price: 5, stock: 1 })
    const cart = (quantity: number) => ({
      items: [{ productId: product.id, quantity }],
      customerEmail: 'buyer@example.com',
      shippingAddress: address,
    })
    const outcome = (text: string, name: string) =>
      valueOf(text, `checkouts_total{outcome="${name}"}`)!
    const before = await scrape()

    expect((await rest('POST', '/api/orders/checkout', { body: cart(1) })).status).toBe(201)
    expect((await rest('POST', '/api/orders/checkout', { body: cart(1) })).status).toBe(409)
    await payload.update({ collection: 'products', id: product.id, data: { stock: 5 } })
    stripe.setMode('api_error')
    try {
      expect((await rest('POST', '/api/orders/checkout', { body: cart(1) })).status).toBe(502)
    } finally {
      stripe.setMode('ok')
    }
    const after = await scrape()
    expect(outcome(after, 'created') - outcome(before, 'created')).toBe(1)
    expect(outcome(after, 'conflict') - outcome(before, 'conflict')).toBe(1)
    expect(outcome(after, 'provider_failure') - outcome(before, 'provider_failure')).toBe(1)
  })

  it('counts e-mails that could not be sent, whoever sent them', async () => {
    const before = valueOf(await scrape(), 'emails_failed_total')!
    await expect(
      payload.sendEmail({ to: 'ops@example.com', subject: 'Hello', text: 'Anyone there?' }),
    ).rejects.toThrow()
    expect(valueOf(await scrape(), 'emails_failed_total')).toBe(before + 1)
  })
})
