import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { seedWebhookEventTypes } from '../../seed/webhooks'
import { postgres } from '../../src/db/transaction'
import { fanOut } from '../../src/webhooks/worker/fanOut'
import { createAuthor } from '../helpers/articles'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { cartOf, checkout, createProduct, shopHarness } from '../helpers/shop'

/*
 * Issue 49, item 7: for every grant set (none, content, each grant, all), a consumer subscribed
 * to `*` receives exactly the events of the types it is granted, and each event it receives
 * carries nothing it could not read through the API at that moment, with its own key. The
 * events are the real ones of real changes (a product, an article, an order, an inquiry);
 * deliveries are read as the fan-out writes them (no worker sends them).
 */

const shop = shopHarness({ startInBeforeAll: true })
let pool: Pool

const grantSets: Record<string, string[]> = {
  none: [],
  content: ['content'],
  orders: ['orders'],
  inquiries: ['inquiries'],
  all: ['content', 'orders', 'inquiries'],
}
const grantOfType: Record<string, string> = {
  'product.created': 'content',
  'article.created': 'content',
  'article.published': 'content',
  'order.created': 'orders',
  'inquiry.created': 'inquiries',
}
const subscribers: Record<string, { key: string; subscriptionId: string }> = {}

type Delivered = { type: string; data: Record<string, unknown> }

beforeAll(async () => {
  const payload = shop.payload()
  pool = postgres(payload).pool
  await seedWebhookEventTypes(payload)
  for (const [name, grants] of Object.entries(grantSets)) {
    const { apiKey } = await consumerWithKey(payload, `Grants: ${name}`, grants)
    const created = await restJson('POST', '/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: `http://127.0.0.1:9/grants-${name}`, events: ['*'] },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    subscribers[name] = { key: apiKey, subscriptionId: created.body.id }
  }
  // One real change of each kind.
  const product = await createProduct(payload)
  const authorId = await createAuthor(payload, 'Granted author')
  await payload.create({
    collection: 'articles',
    data: { title: 'Out for all', slug: 'out-for-all', author: authorId, _status: 'published' },
  })
  const ordered = await checkout({ body: cartOf(product.id, 1, 'buyer@example.com') })
  expect(ordered.status, JSON.stringify(ordered.body)).toBe(201)
  const contacted = await restJson('POST', '/api/contact', {
    body: { name: 'Grace Sender', email: 'grace@example.com', message: 'Call me' },
  })
  expect(contacted.status, JSON.stringify(contacted.body)).toBe(200)
  while ((await fanOut(pool)).events > 0);
})

/** What subscription `name` was given (test events aside), oldest first. */
async function deliveredTo(name: string): Promise<Delivered[]> {
  const { rows } = await pool.query<Delivered>(
    `SELECT e.type, e.data FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id::uuid
     WHERE d.subscription_id = $1 AND d.event_type <> 'webhook.test' ORDER BY e.seq`,
    [subscribers[name]!.subscriptionId],
  )
  return rows
}

/** Reads what `event` is about with `key`, and checks it shows what the event says. */
async function expectReadable(key: string, { type, data }: Delivered) {
  const headers = { 'x-api-key': key }
  const [resource] = type.split('.')
  if (resource === 'order') {
    const read = await restJson('GET', `/api/orders/${data.id}?depth=0`, { headers })
    expect(read.status, type).toBe(200)
    expect(read.body, type).toMatchObject({ id: data.id, status: data.status, total: data.total })
  } else if (resource === 'inquiry') {
    const read = await restJson('GET', `/api/inquiries/${data.id}?depth=0`, { headers })
    expect(read.status, type).toBe(200)
    expect(read.body, type).toMatchObject({ id: data.id, name: data.name, email: data.email })
  } else if (resource === 'article') {
    const read = await restJson('GET', `/api/v1/articles/${data.id}`, { headers })
    expect(read.status, type).toBe(200)
    expect(read.body.data, type).toMatchObject({ id: data.id, title: data.title })
  } else if (resource === 'product') {
    const read = await restJson('GET', `/api/products/${data.id}?depth=0`, { headers })
    expect(read.status, type).toBe(200)
    expect(read.body, type).toMatchObject({ id: data.id, name: data.name })
  } else {
    throw new Error(`No read for ${type}`)
  }
}

describe('a consumer subscribed to *', () => {
  it.each(Object.keys(grantSets))(
    'with grants %s receives exactly its granted types, each readable with its key',
    async (name) => {
      const delivered = await deliveredTo(name)
      const granted = Object.keys(grantOfType).filter((type) =>
        grantSets[name]!.includes(grantOfType[type]!),
      )
      expect([...new Set(delivered.map((event) => event.type))].sort()).toEqual(granted.sort())
      for (const event of delivered) await expectReadable(subscribers[name]!.key, event)
    },
  )

  it('without a grant, reads none of what the others were told', async () => {
    const told = await deliveredTo('all')
    expect(told.length).toBeGreaterThanOrEqual(5)
    for (const { type, data } of told) {
      const [resource] = type.split('.')
      if (resource !== 'order' && resource !== 'inquiry') continue
      const collection = resource === 'order' ? 'orders' : 'inquiries'
      const read = await restJson('GET', `/api/${collection}/${data.id}?depth=0`, {
        headers: { 'x-api-key': subscribers.content!.key },
      })
      expect(read.status, type).toBe(403)
    }
  })
})
