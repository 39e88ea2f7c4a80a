import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'

/*
 * Issue 49, finding 1: any API key received every buyer's and every sender's personal data. A
 * consumer an admin made for content (a search indexer, a newsletter tool) could subscribe to
 * `order.*` and `inquiry.created` while `GET /api/orders` and `GET /api/inquiries` refused it.
 * Each event type now names the grant reading it requires; a consumer holds the grants an admin
 * gave it (new consumers: content only), and subscribing follows them.
 */

const webhooks = webhookHarness()
let started: Payload
const payload = () => started

beforeAll(async () => {
  started = await webhooks.start()
})

/** A consumer as an admin creates it in the admin panel: a name, an e-mail and a key. */
async function newConsumer(name: string) {
  const apiKey = randomBytes(24).toString('base64url')
  const consumer = await payload().create({
    collection: 'consumers',
    data: {
      name,
      email: `${randomBytes(4).toString('hex')}@integrator.test`,
      enableAPIKey: true,
      apiKey,
    },
  })
  return { id: String(consumer.id), headers: { 'x-api-key': apiKey } }
}

let endpoints = 0
function subscribe(headers: Record<string, string>, events: string[]) {
  endpoints += 1
  return restJson('POST', '/webhooks/subscriptions', {
    headers,
    body: { endpoint_url: `http://127.0.0.1:9/grants-${endpoints}`, events },
  })
}

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
    expect(response.body.message).toContain(type)
    expect(response.body.message).toContain(`\`${grant}\``)
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
