import type { Payload } from 'payload'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { FakeStripe } from '../helpers/fakeStripe'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { restJson } from '../helpers/rest'
import { userWithToken } from '../helpers/identities'
import { useFakeStripe } from '../helpers/shop'
import { webhookHarness } from '../helpers/webhookHarness'

// Where the service once answered otherwise than the spec says: each answers as the spec does.

const webhooks = webhookHarness()
let payload: Payload
let stripe: FakeStripe
let receiver: WebhookReceiver
const secret = 'whsec_test_secret'

beforeAll(async () => {
  payload = await webhooks.start()
  stripe = await useFakeStripe(payload)
  receiver = await webhooks.receiver()
})

afterAll(async () => {
  await stripe?.stop()
})

/** Posts `body` to the Stripe webhook, signed with the test secret at `timestamp` (seconds). */
function postSigned(body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp })
  return restJson('POST', '/api/orders/webhook/stripe', {
    rawBody: body,
    headers: { 'stripe-signature': signature },
  })
}

const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_departure_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })

describe('every verified Stripe event is answered 200 { received: true }', () => {
  it('answers 200 to a checkout.session event whose object has no id, logging a warning', async () => {
    const warn = vi.spyOn(payload.logger, 'warn')
    const error = vi.spyOn(payload.logger, 'error')
    try {
      for (const type of ['checkout.session.completed', 'checkout.session.expired']) {
        const response = await postSigned(event(type, { metadata: { orderId: '1' } }))
        expect(response.status, JSON.stringify(response.body)).toBe(200)
        expect(response.body).toEqual({ received: true })
      }
      expect(warn).toHaveBeenCalled()
      expect(JSON.stringify(warn.mock.calls)).toMatch(/not understood/i)
      expect(error).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
      error.mockRestore()
    }
  })

  it('answers 200 to verified JSON that is no event at all (no id, no data)', async () => {
    for (const body of ['{}', '[]', '"text"', '{"type":"checkout.session.completed"}']) {
      const response = await postSigned(body)
      expect(response.status, `${body}: ${JSON.stringify(response.body)}`).toBe(200)
      expect(response.body).toEqual({ received: true })
    }
  })

  it('says a signed body that is not JSON is not JSON (400), not that the signature is invalid', async () => {
    const response = await postSigned('this is not json')
    expect(response.status).toBe(400)
    expect(response.body.error).toMatch(/not (valid )?JSON/i)
    expect(response.body.error).not.toMatch(/signature/i)
  })
})

describe('the signature timestamp must be within the tolerance both ways', () => {
  const body = () => event('payment_intent.created', { id: 'pi_1' })
  const now = () => Math.floor(Date.now() / 1000)

  it('refuses a timestamp 10 minutes in the future, in the endpoint envelope', async () => {
    const response = await postSigned(body(), now() + 600)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: expect.stringMatching(/timestamp/i) })
  })

  it('refuses a timestamp 10 minutes in the past', async () => {
    const response = await postSigned(body(), now() - 600)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: expect.stringMatching(/timestamp|tolerance/i) })
  })

  it('accepts a timestamp a few seconds ahead or behind (clock skew)', async () => {
    expect((await postSigned(body(), now() + 30)).status).toBe(200)
    expect((await postSigned(body(), now() - 30)).status).toBe(200)
  })
})

describe('POST /api/admin-action takes any JSON body', () => {
  /** Posts each raw body as an admin; returns the `data` of the entries recorded, in order. */
  async function record(rawBodies: string[]) {
    const admin = await userWithToken(payload, 'admin')
    const headers = { authorization: `Bearer ${admin.token}` }
    for (const rawBody of rawBodies) {
      const response = await restJson('POST', '/api/admin-action', { headers, rawBody })
      expect(response.status, `${rawBody}: ${JSON.stringify(response.body)}`).toBe(200)
      expect(response.body).toEqual({ success: true })
    }
    const { docs } = await payload.find({
      collection: 'audit-log',
      // The entries the caller gave (its login is on the trail too since issue 50).
      where: { user: { equals: admin.user.id }, source: { equals: 'caller-given' } },
      sort: 'createdAt',
      limit: 0,
      depth: 0,
    })
    return docs.map((doc) => doc.data)
  }

  it('records a number, a boolean, null, an array or an object verbatim', async () => {
    const bodies = ['0', 'true', 'null', '[]', '[1,"a"]', '{}']
    expect(await record(bodies)).toEqual([0, true, null, [], [1, 'a'], {}])
  })

  it('records a JSON string such as "", "x" or "{}" verbatim', async () => {
    expect(await record(['""', '"x"', '"{}"'])).toEqual(['', 'x', '{}'])
  })
})

describe('webhook lists', () => {
  let apiKey: string
  let subscriptionId: string

  beforeAll(async () => {
    apiKey = await webhooks.consumerKey('Departures consumer')
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/departures'), events: ['*'] },
    })
    expect(created.status).toBe(201)
    subscriptionId = created.body.id
  })

  it('a delivery log page past the last echoes the page asked for and the true total', async () => {
    const url = `/webhooks/subscriptions/${subscriptionId}/deliveries`
    const headers = { 'x-api-key': apiKey }
    // The creation queued a test delivery: the log has exactly one entry.
    await eventually(async () => (await restJson('GET', url, { headers })).body.meta.total === 1)
    const past = await restJson('GET', `${url}?page=4&per_page=1`, { headers })
    expect(past.status).toBe(200)
    expect(past.body).toEqual({
      data: [],
      meta: { page: 4, per_page: 1, total: 1, total_pages: 1 },
    })

    const filteredPast = await restJson('GET', `${url}?page=3&status=dead`, { headers })
    expect(filteredPast.body).toEqual({
      data: [],
      meta: { page: 3, per_page: 20, total: 0, total_pages: 0 },
    })

    // The subscriptions list, for comparison, already answered this way.
    const subscriptions = await restJson('GET', '/webhooks/subscriptions?page=4', { headers })
    expect(subscriptions.body.meta).toEqual({ page: 4, per_page: 20, total: 1, total_pages: 1 })
  })

  it('/webhooks/event-types answers { data, meta } like the other lists', async () => {
    const headers = { 'x-api-key': apiKey }
    const all = await restJson('GET', '/webhooks/event-types', { headers })
    expect(all.status).toBe(200)
    const total = all.body.data.length
    expect(total).toBeGreaterThan(2)
    expect(all.body.meta).toEqual({
      page: 1,
      per_page: 20,
      total,
      total_pages: Math.ceil(total / 20),
    })

    const second = await restJson('GET', '/webhooks/event-types?page=2&per_page=2', { headers })
    expect(second.body.data.map((type: { name: string }) => type.name)).toEqual(
      all.body.data.slice(2, 4).map((type: { name: string }) => type.name),
    )
    expect(second.body.meta).toEqual({
      page: 2,
      per_page: 2,
      total,
      total_pages: Math.ceil(total / 2),
    })
    const invalid = await restJson('GET', '/webhooks/event-types?per_page=0', { headers })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.code).toBe('validation_failed')
  })
})
