import { describe, expect, it } from 'vitest'

import { consumerWithKey, signedInForFile } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { createProduct, shopHarness, cartOf } from '../helpers/shop'

const { payload } = shopHarness({ startInBeforeAll: true })
const admin = signedInForFile(payload, 'admin')

// Records other records point at: deleting one answers a clear 409 or takes its dependants
// along, never a 500 from a foreign key.
describe('deleting records that others refer to', () => {
  it('refuses to delete an author who has articles, with 409', async () => {
    const author = await payload().create({ collection: 'authors', data: { name: 'Prolific' } })
    await payload().create({
      collection: 'articles',
      data: { title: 'Mine', slug: 'mine', author: author.id, _status: 'draft' },
    })
    const refused = await restJson('DELETE', `/api/authors/${author.id}`, { headers: admin() })
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.body)).toContain('still has 1 article')
    const idle = await payload().create({ collection: 'authors', data: { name: 'Idle' } })
    expect((await restJson('DELETE', `/api/authors/${idle.id}`, { headers: admin() })).status).toBe(
      200,
    )
  })

  it('refuses to delete a product that was ordered, with 409', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const checkout = await restJson('POST', '/api/orders/checkout', {
      body: cartOf(product.id, 1, 'buyer@example.com'),
    })
    expect(checkout.status).toBe(201)
    const refused = await restJson('DELETE', `/api/products/${product.id}`, { headers: admin() })
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.body)).toContain('deactivate')
    const unsold = await createProduct(payload(), { stock: 1 })
    expect(
      (await restJson('DELETE', `/api/products/${unsold.id}`, { headers: admin() })).status,
    ).toBe(200)
  })

  it('deletes a consumer together with its subscriptions and their deliveries', async () => {
    const { consumer, apiKey } = await consumerWithKey(payload())
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: 'http://127.0.0.1:9/hooks', events: ['*'] },
    })
    expect(created.status).toBe(201)
    const removed = await restJson('DELETE', `/api/consumers/${consumer.id}`, { headers: admin() })
    expect(removed.status).toBe(200)
    const left = await payload().db.pool.query(
      `SELECT (SELECT count(*)::int FROM webhook_subscriptions WHERE id = $1) AS subscriptions,
              (SELECT count(*)::int FROM webhook_deliveries WHERE subscription_id = $1) AS deliveries`,
      [created.body.id],
    )
    expect(left.rows[0]).toEqual({ subscriptions: 0, deliveries: 0 })
  })
})
