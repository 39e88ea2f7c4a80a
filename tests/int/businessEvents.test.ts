import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { checkoutSessionEvent, signedWebhook, type FakeStripe } from '../helpers/fakeStripe'
import { signedInAs } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { address, createProduct, shopHarness } from '../helpers/shop'
import { createAuthor } from '../helpers/articles'

const store = shopHarness()
let payload: Payload
let stripe: FakeStripe
let editor: Record<string, string>
let admin: Record<string, string>
let authorId: number

beforeAll(async () => {
  ;({ payload, stripe } = await store.start())
  admin = await signedInAs(payload, 'admin')
  editor = await signedInAs(payload, 'editor')
  authorId = await createAuthor(payload, 'Evented')
})

/**
 * The business events of one record waiting in the outbox (no worker runs in test processes,
 * so nothing is fanned out and removed), oldest first.
 */
async function eventsOf(id: number | string, types?: string[]) {
  const { rows } = await payload.db.pool.query<{ type: string; data: Record<string, unknown> }>(
    `SELECT type, data FROM webhook_outbox WHERE data->>'id' = $1
       AND ($2::text[] IS NULL OR type = ANY($2::text[]))
     ORDER BY occurred_at, type`,
    [String(id), types ?? null],
  )
  return rows
}

describe('business events of the articles API', () => {
  it('emits article.created, article.updated and article.deleted with the documented payload', async () => {
    const created = await restJson('POST', '/api/v1/articles', {
      headers: editor,
      body: { title: 'Evented', slug: 'evented', author_id: authorId, status: 'published' },
    })
    const id = created.body.data.id
    await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: editor,
      body: { title: 'Renamed' },
    })
    await restJson('DELETE', `/api/v1/articles/${id}`, { headers: editor })
    const events = await eventsOf(id, ['article.created', 'article.updated', 'article.deleted'])
    expect(events.map((event) => event.type)).toEqual([
      'article.created',
      'article.updated',
      'article.deleted',
    ])
    expect(events[0]!.data).toEqual({
      id,
      title: 'Evented',
      slug: 'evented',
      status: 'published',
      author_id: authorId,
      cover: null,
      published_at: created.body.data.published_at,
      created_at: created.body.data.created_at,
      updated_at: created.body.data.updated_at,
      locale: 'en',
      locales: ['en'],
    })
    expect(events[1]!.data.title).toBe('Renamed')
    // Deleted: named only, as consumers can no longer read it.
    expect(events[2]!.data).toEqual({
      id,
      slug: 'evented',
      removed_at: expect.any(String),
      locale: 'en',
      locales: ['en'],
    })
  })

  it('says which locale a change wrote: the default locale’s title, locale and locales', async () => {
    const created = await restJson('POST', '/api/v1/articles', {
      headers: editor,
      body: { title: 'Harbour', slug: 'translated', author_id: authorId, status: 'published' },
    })
    const id = created.body.data.id
    const translated = await restJson('PATCH', `/api/v1/articles/${id}?locale=ru`, {
      headers: editor,
      body: { title: 'Гавань' },
    })
    expect(translated.status).toBe(200)
    await restJson('DELETE', `/api/v1/articles/${id}`, { headers: editor })
    const events = await eventsOf(id, ['article.created', 'article.updated', 'article.deleted'])
    expect(events.map(({ type, data }) => [type, data.title, data.locale, data.locales])).toEqual([
      ['article.created', 'Harbour', 'en', ['en']],
      ['article.updated', 'Harbour', 'ru', ['en', 'ru']],
      ['article.deleted', undefined, 'en', ['en', 'ru']],
    ])
  })

  it('emits nothing for a write that fails', async () => {
    const before = await payload.db.pool.query('SELECT count(*)::int AS n FROM webhook_outbox')
    const duplicate = await restJson('POST', '/api/v1/articles', {
      headers: editor,
      body: { title: 'Again', slug: 'evented-twice', author_id: 999999 },
    })
    expect(duplicate.status).toBe(422)
    const after = await payload.db.pool.query('SELECT count(*)::int AS n FROM webhook_outbox')
    expect(after.rows[0].n).toBe(before.rows[0].n)
  })

  it('emits comment.created when a comment of a published article is approved, not before', async () => {
    const article = await restJson('POST', '/api/v1/articles', {
      headers: editor,
      body: { title: 'Discussed', slug: 'discussed', author_id: authorId, status: 'published' },
    })
    const comment = await payload.create({
      collection: 'comments',
      data: { article: article.body.data.id, authorName: 'Reader', body: 'Hi', status: 'pending' },
    })
    expect(await eventsOf(comment.id, ['comment.created'])).toEqual([])
    await payload.update({ collection: 'comments', id: comment.id, data: { status: 'approved' } })
    const [event] = await eventsOf(comment.id, ['comment.created'])
    expect(event!.data).toEqual({
      id: comment.id,
      article_id: article.body.data.id,
      status: 'approved',
      created_at: comment.createdAt,
    })
  })
})

describe('business events of the contact form and the shop', () => {
  it('emits inquiry.created', async () => {
    await restJson('POST', '/api/contact', {
      body: { name: 'Ivy', email: 'ivy@example.com', message: 'Hello' },
    })
    const [inquiry] = (
      await payload.find({
        collection: 'inquiries',
        where: { email: { equals: 'ivy@example.com' } },
      })
    ).docs
    const [event] = await eventsOf(inquiry!.id, ['inquiry.created'])
    expect(event!.data).toEqual({
      id: inquiry!.id,
      name: 'Ivy',
      email: 'ivy@example.com',
      status: 'new',
      created_at: inquiry!.createdAt,
    })
  })

  it('emits product.created and product.updated', async () => {
    const created = await restJson('POST', '/api/products', {
      headers: editor,
      body: { name: 'Evented lamp', price: 12.5, stock: 4, active: true },
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    await restJson('PATCH', `/api/products/${id}`, { headers: editor, body: { price: 13 } })
    const events = await eventsOf(id, ['product.created', 'product.updated'])
    expect(events.map((event) => [event.type, event.data.price])).toEqual([
      ['product.created', 12.5],
      ['product.updated', 13],
    ])
    // A translation (the admin panel's locale switcher saves through ?locale=ru): the English
    // name, and which locale changed.
    const translated = await restJson('PATCH', `/api/products/${id}?locale=ru`, {
      headers: editor,
      body: { name: 'Лампа' },
    })
    expect(translated.status).toBe(200)
    const [, , last] = await eventsOf(id, ['product.created', 'product.updated'])
    expect(last!.data).toMatchObject({ name: 'Evented lamp', locale: 'ru', locales: ['en', 'ru'] })
  })

  it('emits order.created at checkout, order.updated and order.paid once on payment, order.updated on shipping', async () => {
    const product = await createProduct(payload, { stock: 5, price: 19.99 })
    const checkout = await restJson('POST', '/api/orders/checkout', {
      body: {
        items: [{ productId: product.id, quantity: 2 }],
        customerEmail: 'evented@example.com',
        shippingAddress: address,
      },
    })
    const orderId = checkout.body.orderId
    const [created] = await eventsOf(orderId, ['order.created'])
    expect(created!.data).toEqual({
      id: orderId,
      status: 'pending',
      total: 39.98,
      created_at: expect.stringMatching(/Z$/),
    })

    const order = await payload.findByID({ collection: 'orders', id: orderId })
    const event = checkoutSessionEvent(
      'checkout.session.completed',
      stripe.sessions.get(order.stripeSessionId!)!,
    )
    const { payload: body, signature } = signedWebhook(event, 'whsec_test_secret')
    // The same completion, delivered three times at once: paid once, announced once.
    await Promise.all(
      [1, 2, 3].map(() =>
        restJson('POST', '/api/orders/webhook/stripe', {
          rawBody: body,
          headers: { 'stripe-signature': signature },
        }),
      ),
    )
    const afterPayment = await eventsOf(orderId, ['order.updated', 'order.paid'])
    expect(afterPayment.map((e) => e.type).sort()).toEqual(['order.paid', 'order.updated'])
    expect(afterPayment.find((e) => e.type === 'order.paid')!.data).toMatchObject({
      id: orderId,
      status: 'paid',
      payment_id: expect.any(String),
      paid_at: expect.any(String),
    })

    const shipped = await restJson('PATCH', `/api/orders/${orderId}`, {
      headers: admin,
      body: { status: 'shipped' },
    })
    expect(shipped.status).toBe(200)
    const updates = await eventsOf(orderId, ['order.updated'])
    expect(updates.map((e) => e.data.status)).toEqual(['paid', 'shipped'])
  })
})
