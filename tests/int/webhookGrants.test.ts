import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { postgres } from '../../src/db/transaction'
import { fanOut } from '../../src/webhooks/worker/fanOut'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'
import type { WebhookReceiver } from '../helpers/webhookReceiver'

/*
 * Issue 49, finding 1: any API key received every buyer's and every sender's personal data. A
 * consumer an admin made for content (a search indexer, a newsletter tool) could subscribe to
 * `order.*` and `inquiry.created` while `GET /api/orders` and `GET /api/inquiries` refused it.
 * Each event type now names the grant reading it requires; a consumer holds the grants an admin
 * gave it (new consumers: content only), and subscribing follows them.
 */

const webhooks = webhookHarness()
let started: Payload
let receiver: WebhookReceiver
const payload = () => started

beforeAll(async () => {
  receiver = await webhooks.receiver()
  started = await webhooks.start()
})

/**
 * A consumer as an admin creates it in the admin panel: a name, an e-mail, a key, and `grants`
 * when the admin ticks them (else the default: content only).
 */
async function newConsumer(name: string, grants?: ('content' | 'orders' | 'inquiries')[]) {
  const apiKey = randomBytes(24).toString('base64url')
  const email = `${randomBytes(4).toString('hex')}@integrator.test`
  const consumer = await payload().create({
    collection: 'consumers',
    data: { name, email, enableAPIKey: true, apiKey, ...(grants ? { grants } : {}) },
  })
  return { id: String(consumer.id), headers: { 'x-api-key': apiKey } }
}

let endpoints = 0
function subscribe(headers: Record<string, string>, events: string[], path?: string) {
  endpoints += 1
  return restJson('POST', '/webhooks/subscriptions', {
    headers,
    body: { endpoint_url: receiver.url(path ?? `/grants-${endpoints}`), events },
  })
}

/** An admin sets the consumer's grants (the admin panel's save of the consumer's page). */
const setGrants = (id: string, grants: ('content' | 'orders' | 'inquiries')[]) =>
  payload().update({ collection: 'consumers', id, data: { grants } })

/** The types of the business events (not tests) posted to `path`, in arrival order. */
const typesPostedTo = (path: string) =>
  receiver
    .posts()
    .filter((post) => post.path === path)
    .map((post) => JSON.parse(post.body).type as string)
    .filter((type) => type !== 'webhook.test')

describe('a consumer an admin made for content', () => {
  it.each([
    ['order.created', 'orders'],
    ['order.paid', 'orders'],
    ['order.refunded', 'orders'],
    ['inquiry.created', 'inquiries'],
  ])('cannot subscribe to %s: 403 naming the grant %s', async (type, grant) => {
    const consumer = await newConsumer(`Indexer for ${type}`)
    const response = await subscribe(consumer.headers, ['article.created', type])
    expect(response.status, JSON.stringify(response.body)).toBe(403)
    expect(response.body.error.code).toBe('forbidden')
    expect(response.body.error.message).toContain(type)
    expect(response.body.error.message).toContain(`\`${grant}\``)
    const { totalDocs } = await payload().count({
      collection: 'webhook-subscriptions',
      where: { consumer: { equals: consumer.id } },
    })
    expect(totalDocs).toBe(0)
  })

  it('reads neither orders nor inquiries through the API, and subscribes to content', async () => {
    const consumer = await newConsumer('Content only')
    expect((await restJson('GET', '/api/orders', { headers: consumer.headers })).status).toBe(403)
    expect((await restJson('GET', '/api/inquiries', { headers: consumer.headers })).status).toBe(
      403,
    )
    const created = await subscribe(consumer.headers, ['article.created', 'product.updated'])
    expect(created.status, JSON.stringify(created.body)).toBe(201)
  })
})

describe('a consumer an admin granted orders', () => {
  it('subscribes to order.paid, and cannot add inquiry.created to it: 403 naming inquiries', async () => {
    const consumer = await newConsumer('Fulfilment', ['content', 'orders'])
    const created = await subscribe(consumer.headers, ['order.paid'])
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const changed = await restJson('PATCH', `/webhooks/subscriptions/${created.body.id}`, {
      headers: consumer.headers,
      body: { events: ['order.paid', 'inquiry.created'] },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(403)
    expect(changed.body.error.message).toContain('inquiry.created needs the `inquiries` grant')
    const read = await restJson('GET', `/webhooks/subscriptions/${created.body.id}`, {
      headers: consumer.headers,
    })
    expect(read.body.data.events).toEqual(['order.paid'])
  })
})

describe('what the fan-out sends', () => {
  it('`*` means every type the consumer is granted, now and later', async () => {
    const consumer = await newConsumer('Everything it may')
    const created = await subscribe(consumer.headers, ['*'], '/star')
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const worker = await webhooks.worker()
    await webhooks.emit(
      { type: 'order.paid', data: { id: 9001 } },
      { type: 'inquiry.created', data: { id: 9002 } },
      { type: 'article.created', data: { id: 9003 } },
    )
    await receiver.waitFor(() => typesPostedTo('/star').length >= 1)
    // Later: an admin grants orders; the same subscription now receives order events too.
    await setGrants(consumer.id, ['content', 'orders'])
    await webhooks.emit(
      { type: 'order.paid', data: { id: 9004 } },
      { type: 'inquiry.created', data: { id: 9005 } },
      { type: 'article.created', data: { id: 9006 } },
    )
    await receiver.waitFor(() => typesPostedTo('/star').length >= 3)
    await worker.stop()
    // Sent concurrently: in any order.
    expect(typesPostedTo('/star').sort()).toEqual([
      'article.created',
      'article.created',
      'order.paid',
    ])
    const { rows } = await postgres(payload()).pool.query(
      `SELECT d.event_type FROM webhook_deliveries d WHERE d.subscription_id = $1
       AND d.event_type <> 'webhook.test' ORDER BY d.event_seq`,
      [created.body.id],
    )
    // No delivery was ever made for what the consumer was not granted.
    expect(rows.map((row) => row.event_type)).toEqual([
      'article.created',
      'order.paid',
      'article.created',
    ])
  })
})

describe('revoking a grant (finding: takes effect at once)', () => {
  it('cancels the waiting deliveries of its types with a reason the consumer reads; the rest go on', async () => {
    const consumer = await newConsumer('Revoked', ['content', 'orders'])
    const created = await subscribe(consumer.headers, ['order.paid', 'article.created'], '/revoked')
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    // Deliveries waiting: fanned out, no worker sending.
    await webhooks.emit(
      { type: 'order.paid', data: { id: 7001 } },
      { type: 'article.created', data: { id: 7002 } },
    )
    await fanOut(postgres(payload()).pool)
    await setGrants(consumer.id, ['content'])

    const listed = await restJson(
      'GET',
      `/webhooks/subscriptions/${created.body.id}/deliveries?limit=50`,
      { headers: consumer.headers },
    )
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    const byType = Object.fromEntries(
      listed.body.data.map((delivery: { event_type: string }) => [delivery.event_type, delivery]),
    )
    expect(byType['order.paid']).toMatchObject({
      status: 'cancelled',
      last_error: expect.stringContaining('`orders`'),
      next_attempt: { at: null, reason: 'cancelled' },
    })
    expect(byType['article.created'].status).toBe('pending')

    // The subscription keeps its types; from now on order.paid is neither created nor sent.
    const worker = await webhooks.worker()
    await webhooks.emit({ type: 'order.paid', data: { id: 7003 } })
    await webhooks.emit({ type: 'article.created', data: { id: 7004 } })
    await receiver.waitFor(() => typesPostedTo('/revoked').length >= 2)
    await worker.stop()
    expect(typesPostedTo('/revoked')).toEqual(['article.created', 'article.created'])
    const read = await restJson('GET', `/webhooks/subscriptions/${created.body.id}`, {
      headers: consumer.headers,
    })
    expect(read.body.data.events).toEqual(['order.paid', 'article.created'])
    // Sending the cancelled one again is not possible.
    const replay = await restJson('POST', `/webhooks/deliveries/${byType['order.paid'].id}/retry`, {
      headers: consumer.headers,
    })
    expect(replay.status, JSON.stringify(replay.body)).toBe(409)
    expect(replay.body.error.message).toContain('`orders`')
  })
})
