import type { Payload } from 'payload'
import { Webhook } from 'standardwebhooks'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { eventCatalogue } from '../../src/webhooks/eventCatalogue'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'

// The catalogue was raw JSON Schema (`"not": {"pattern": "\\u0000"}` on every string), with no
// table of fields; a test could only send `webhook.test`. Each type now comes with its fields
// (name, type, meaning) and an example, and a test can send any type's example, marked as a test.
const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let keyA: string
let keyB: string

beforeAll(async () => {
  receiver = await webhooks.receiver()
  payload = await webhooks.start()
  keyA = await webhooks.consumerKey('Catalogue reader')
  keyB = await webhooks.consumerKey('Someone else')
  await webhooks.worker({ pollMs: 50 })
})

type Field = { name: string; type: string; description: string; required: boolean }
type ListedType = {
  name: string
  description: string | null
  fields: Field[]
  example_payload: unknown
  payload_schema: Record<string, unknown> | null
}

const listTypes = async () => {
  const answer = await restJson<{ data: ListedType[] }>(
    'GET',
    '/webhooks/event-types?per_page=100',
    {
      headers: { 'x-api-key': keyA },
    },
  )
  expect(answer.status).toBe(200)
  return answer.body.data
}

const sendTest = (id: string, body?: unknown, apiKey = keyA) =>
  restJson('POST', `/webhooks/subscriptions/${id}/test`, {
    headers: { 'x-api-key': apiKey },
    ...(body === undefined ? {} : { body }),
  })

describe('GET /webhooks/event-types', () => {
  it('gives every type a table of its fields, with a meaning for each, and an example of its own schema', async () => {
    const types = await listTypes()
    expect(types.map((type) => type.name).sort()).toEqual(
      eventCatalogue.map((type) => type.name).sort(),
    )
    for (const type of types) {
      expect(type.fields.length, type.name).toBeGreaterThan(0)
      for (const field of type.fields) {
        expect(field.name, type.name).toMatch(/^[a-z_]/)
        expect(field.type, `${type.name} ${field.name}`).not.toBe('')
        expect(
          field.description.length,
          `${type.name} ${field.name} has no meaning`,
        ).toBeGreaterThan(3)
        // What a person reads: no JSON Schema noise.
        expect(JSON.stringify(field), type.name).not.toMatch(/u0000|pattern|\$ref|anyOf/)
      }
      const names = type.fields.map((field) => field.name)
      for (const key of Object.keys(type.example_payload as object)) {
        expect(names, `${type.name}: ${key} is in the example but not the table`).toContain(key)
      }
      // The example validates against the type's own schema, which refuses what it does not say.
      const schema = z.fromJSONSchema(type.payload_schema as never)
      expect(schema.safeParse(type.example_payload).error?.issues ?? [], type.name).toEqual([])
      expect(
        schema.safeParse({ ...(type.example_payload as object), unheard_of: 1 }).success,
        type.name,
      ).toBe(false)
    }
  })

  it('says what each field of order.paid is and means', async () => {
    const paid = (await listTypes()).find((type) => type.name === 'order.paid')!
    expect(paid.fields.map((field) => field.name)).toEqual([
      'id',
      'status',
      'total',
      'created_at',
      'paid_at',
      'payment_id',
    ])
    const byName = Object.fromEntries(paid.fields.map((field) => [field.name, field]))
    expect(byName.id).toMatchObject({ type: 'integer', required: true })
    expect(byName.total!.description).toMatch(/roubles/)
    expect(byName.status!.type).toMatch(/paid/)
    expect(byName.paid_at!.type).toMatch(/date-time/)
    expect(byName.paid_at!.type).toMatch(/null/)
    expect(byName.payment_id!.description).toMatch(/payment intent/)
    expect(paid.example_payload).toMatchObject({ id: expect.any(Number), status: 'paid' })
  })

  it('names nested fields by their path (the cover of an article)', async () => {
    const article = (await listTypes()).find((type) => type.name === 'article.created')!
    const names = article.fields.map((field) => field.name)
    expect(names).toContain('cover')
    expect(names).toContain('cover.url')
    expect(names).toContain('cover.sizes.thumbnail.url')
  })
})

describe('POST /webhooks/subscriptions/{id}/test with an event_type', () => {
  it("sends order.paid's example at once, signed, marked as a test", async () => {
    const subscription = await webhooks.subscribe<{ id: string; secret: string }>(keyA, {
      endpoint_url: receiver.url('/order-paid-test'),
      events: ['order.paid'],
    })
    // The creation's webhook.test first.
    await receiver.waitFor(() => receiver.postsTo('/order-paid-test').length >= 1)
    const sent = await sendTest(subscription.id, { event_type: 'order.paid' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const eventId = sent.body.data.event_id as string
    const post = await eventually(
      async () =>
        receiver.postsTo('/order-paid-test').find((p) => p.headers['webhook-id'] === eventId) ??
        null,
    )
    const example = eventCatalogue.find((type) => type.name === 'order.paid')!.examplePayload
    const verified = new Webhook(subscription.secret).verify(post!.body, post!.headers) as {
      type: string
      data: unknown
      test?: boolean
    }
    expect(verified.type).toBe('order.paid')
    expect(verified.data).toEqual(example)
    expect(verified.test).toBe(true)
    expect(post!.headers['webhook-test']).toBe('true')

    // The creation's webhook.test is marked too; a body without event_type still sends one.
    const creation = receiver.postsTo('/order-paid-test')[0]!
    expect(creation.headers['webhook-test']).toBe('true')
    expect(JSON.parse(creation.body)).toMatchObject({ type: 'webhook.test', test: true })
    const plain = await sendTest(subscription.id)
    expect(plain.status).toBe(201)
    const plainPost = await eventually(
      async () =>
        receiver
          .postsTo('/order-paid-test')
          .find((p) => p.headers['webhook-id'] === plain.body.data.event_id) ?? null,
    )
    expect(JSON.parse(plainPost!.body).type).toBe('webhook.test')
  })

  it('sends a type the subscription does not ask for: a test is addressed to it by name', async () => {
    const subscription = await webhooks.subscribe<{ id: string }>(keyA, {
      endpoint_url: receiver.url('/unasked'),
      events: ['article.created'],
    })
    const sent = await sendTest(subscription.id, { event_type: 'inquiry.created' })
    expect(sent.status).toBe(201)
    const post = await eventually(
      async () =>
        receiver
          .postsTo('/unasked')
          .find((p) => p.headers['webhook-id'] === sent.body.data.event_id) ?? null,
    )
    expect(JSON.parse(post!.body)).toMatchObject({ type: 'inquiry.created', test: true })
  })

  it('answers 422 naming event_type for an unknown or inactive type, and sends nothing', async () => {
    const subscription = await webhooks.subscribe<{ id: string }>(keyA, {
      endpoint_url: receiver.url('/refused-types'),
      events: ['*'],
    })
    await payload.update({
      collection: 'webhook-event-types',
      where: { name: { equals: 'product.updated' } },
      data: { isActive: false },
    })
    try {
      for (const event_type of ['order.exploded', 'product.updated', '*', 42]) {
        const refused = await sendTest(subscription.id, { event_type })
        expect(refused.status, String(event_type)).toBe(event_type === 42 ? 400 : 422)
        expect(refused.body.error.code).toBe(
          event_type === 42 ? 'validation_failed' : 'unprocessable_entity',
        )
        expect(refused.body.error.details).toEqual([
          { field: 'event_type', message: expect.any(String) },
        ])
      }
    } finally {
      await payload.update({
        collection: 'webhook-event-types',
        where: { name: { equals: 'product.updated' } },
        data: { isActive: true },
      })
    }
    const { totalDocs } = await payload.count({
      collection: 'webhook-deliveries',
      where: { subscription: { equals: subscription.id } },
    })
    expect(totalDocs).toBe(1) // the creation's test only
  })

  it("never reaches anyone else's subscription, not even through recover", async () => {
    const since = new Date().toISOString()
    const mine = await webhooks.subscribe<{ id: string }>(keyA, {
      endpoint_url: receiver.url('/mine'),
      events: ['order.paid'],
    })
    const theirs = await webhooks.subscribe<{ id: string }>(keyB, {
      endpoint_url: receiver.url('/theirs'),
      events: ['*'],
    })
    const sent = await sendTest(mine.id, { event_type: 'order.paid' })
    expect(sent.status).toBe(201)
    await eventually(async () =>
      receiver.postsTo('/mine').some((p) => p.headers['webhook-id'] === sent.body.data.event_id),
    )
    const recovered = await restJson('POST', `/webhooks/subscriptions/${theirs.id}/recover`, {
      headers: { 'x-api-key': keyB },
      body: { since },
    })
    expect(recovered.status).toBe(202)
    expect(recovered.body.data.queued).toBe(0)
    expect(
      receiver.postsTo('/theirs').filter((p) => JSON.parse(p.body).type !== 'webhook.test'),
    ).toEqual([])
  })
})
