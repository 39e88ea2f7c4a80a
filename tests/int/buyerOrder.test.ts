import { createHash, randomBytes, randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { checkoutSessionEvent, signedWebhook } from '../helpers/fakeStripe'
import { consumerWithKey, userWithToken } from '../helpers/identities'
import { rest, restJson } from '../helpers/rest'
import {
  address,
  createProduct,
  fakeStripeSettings,
  shopHarness,
  cartOf,
  generalRateLimitOff,
  checkout,
  newClientAddress,
} from '../helpers/shop'
import { handInConfig } from '../helpers/testConfig'

// Issue 36, item 2: the buyer's own order. Checkout answers an `order_token`; the storefront's
// order page reads `GET /api/v1/orders/{id}` with it in `X-Order-Token`; a signed-in customer
// lists their own orders at `GET /api/v1/orders`.

const { payload, stripe } = shopHarness({ resetBeforeEach: true, settings: generalRateLimitOff })

// Each checkout from an address of its own (`checkout`): the holding limits count per client.
const guestCart = (productId: number, quantity = 1) =>
  cartOf(productId, quantity, 'buyer@example.com')

/** A guest checkout of `quantity` units of a fresh product: its answer and the product. */
async function guestOrder(quantity = 2) {
  const product = await createProduct(payload(), { name: 'Enamel mug', price: 7.9, stock: 10 })
  const placed = await checkout({ body: guestCart(product.id, quantity) })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return { product, orderId: placed.body.orderId as number, token: placed.body.order_token }
}

const readOrder = (id: number | string, headers: Record<string, string> = {}) =>
  restJson('GET', `/api/v1/orders/${id}`, { headers })

const withToken = (token: string) => ({ 'x-order-token': token })

describe('the order token in the checkout answer', () => {
  it('is answered with every order: a fresh random secret of at least 128 bits', async () => {
    const first = await guestOrder()
    const second = await guestOrder()
    for (const token of [first.token, second.token]) {
      expect(token).toEqual(expect.any(String))
      // base64url: 6 bits a character.
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(token.length * 6).toBeGreaterThanOrEqual(128)
    }
    expect(first.token).not.toBe(second.token)
  })

  it('is in the authenticated variant too, under data', async () => {
    const restore = handInConfig(payload(), { CHECKOUT_REQUIRE_AUTH: 'true' })
    try {
      const product = await createProduct(payload(), { stock: 5 })
      const customer = await userWithToken(payload(), 'customer')
      const placed = await checkout({
        body: { items: [{ product_id: product.id, quantity: 1 }], shipping_address: address },
        token: customer.token,
      })
      expect(placed.status).toBe(201)
      const { orderId, order_token: token } = placed.body.data
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/)
      expect((await readOrder(orderId, withToken(token))).status).toBe(200)
    } finally {
      restore()
    }
  })

  it('is stored only as its hash: neither the order nor the idempotency key holds it', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const key = randomUUID()
    const placed = await checkout({ body: guestCart(product.id), key })
    const { orderId, order_token: token } = placed.body as { orderId: number; order_token: string }

    const order = await payload().db.drizzle.execute(
      sql`SELECT row_to_json(o)::text AS row, o.order_token_hash AS hash FROM orders o WHERE id = ${orderId}`,
    )
    const { row, hash } = order.rows[0] as { row: string; hash: string }
    expect(row).not.toContain(token)
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'))
    const keys = await payload().db.drizzle.execute(
      sql`SELECT row_to_json(k)::text AS row FROM checkout_idempotency_keys k WHERE key = ${key}`,
    )
    expect(keys.rows).toHaveLength(1)
    expect((keys.rows[0] as { row: string }).row).not.toContain(token)
    // Not in the base64 or hex of its bytes either.
    const bytes = Buffer.from(token, 'base64url')
    for (const spelling of [bytes.toString('hex'), bytes.toString('base64')]) {
      expect(row).not.toContain(spelling)
      expect((keys.rows[0] as { row: string }).row).not.toContain(spelling)
    }
  })

  it('is the same on a replay with the same Idempotency-Key, and opens the order', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const key = randomUUID()
    const from = newClientAddress()
    const first = await checkout({ body: guestCart(product.id), key, from })
    const again = await checkout({ body: guestCart(product.id), key, from })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body.order_token).toBe(first.body.order_token)
    const read = await readOrder(first.body.orderId, withToken(again.body.order_token))
    expect(read.status).toBe(200)
  })
})

describe('a replay whose sealed token cannot be opened', () => {
  it('answers the first answer without order_token (PAYLOAD_SECRET changed since), and the first token still reads the order', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const key = randomUUID()
    const from = newClientAddress()
    const first = await checkout({ body: guestCart(product.id), key, from })
    // As a seal made under another PAYLOAD_SECRET reads: it does not open.
    await payload().db.drizzle.execute(sql`
      UPDATE checkout_idempotency_keys SET order_token_sealed = 'v1.AAAA.AAAA.AAAA' WHERE key = ${key}`)
    const again = await checkout({ body: guestCart(product.id), key, from })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual({
      orderId: first.body.orderId,
      paymentUrl: first.body.paymentUrl,
    })
    expect((await readOrder(first.body.orderId, withToken(first.body.order_token))).status).toBe(
      200,
    )
  })
})

describe('GET /api/v1/orders/{id} with X-Order-Token', () => {
  it("answers the order's status, lines, totals, refunds and dates, and nothing else", async () => {
    const { product, orderId, token } = await guestOrder(2)
    const read = await readOrder(orderId, withToken(token))

    expect(read.status, JSON.stringify(read.body)).toBe(200)
    expect(read.headers.get('cache-control')).toBe('private, no-store')
    expect(read.body).toEqual({
      data: {
        id: orderId,
        status: 'pending',
        items: [
          { product_id: product.id, name: 'Enamel mug', quantity: 2, price: 7.9, total: 15.8 },
        ],
        total: 15.8,
        currency: 'rub',
        refunded_amount: 0,
        refunds: [],
        customer_email: 'buyer@example.com',
        shipping_address: address,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        paid_at: null,
      },
    })
    const text = JSON.stringify(read.body)
    for (const secret of ['cs_test_', 'pi_', 'buyer_address', 'stripe', 'payment_id', 'user']) {
      expect(text).not.toContain(secret)
    }
  })

  it('shows the order paid once Stripe says so, and shipped once an admin ships it', async () => {
    const { orderId, token } = await guestOrder(1)
    const order = await payload().findByID({ collection: 'orders', id: orderId, depth: 0 })
    const session = stripe().sessions.get(order.stripeSessionId!)!
    const { payload: body, signature } = signedWebhook(
      checkoutSessionEvent('checkout.session.completed', session),
      fakeStripeSettings(stripe()).STRIPE_WEBHOOK_SECRET,
    )
    const delivered = await rest('POST', '/api/orders/webhook/stripe', {
      headers: { 'stripe-signature': signature },
      rawBody: body,
    })
    expect(delivered.status).toBe(200)

    const read = await readOrder(orderId, withToken(token))
    expect(read.body.data.status).toBe('paid')
    expect(Date.parse(read.body.data.paid_at)).not.toBeNaN()

    // An admin ships it (Payload's update writes back what it read): the token still opens it.
    const admin = await userWithToken(payload(), 'admin')
    const shipped = await restJson('PATCH', `/api/orders/${orderId}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      body: { status: 'shipped' },
    })
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200)
    const after = await readOrder(orderId, withToken(token))
    expect(after.status).toBe(200)
    expect(after.body.data.status).toBe('shipped')
  })

  it("answers one and the same 404 without the token, with a wrong one, another order's, or a malformed one", async () => {
    const mine = await guestOrder()
    const other = await guestOrder()
    const wrong = randomBytes(32).toString('base64url')
    const answers = [
      await readOrder(mine.orderId),
      await readOrder(mine.orderId, withToken(wrong)),
      await readOrder(mine.orderId, withToken(other.token)),
      await readOrder(mine.orderId, withToken(mine.token.slice(1))),
      await readOrder(mine.orderId, withToken('')),
      await readOrder(mine.orderId, withToken(`${mine.token}A`)),
      await readOrder(mine.orderId, withToken(mine.token.toUpperCase())),
    ]
    for (const [index, answer] of answers.entries()) {
      expect(answer.status, `answer ${index}`).toBe(404)
      expect(answer.body).toEqual(answers[0]!.body)
    }
    expect(answers[0]!.body).toEqual({
      error: { code: 'not_found', message: expect.stringMatching(/X-Order-Token/) },
    })
    expect(JSON.stringify(answers[0]!.body)).not.toContain(mine.token)

    // An order that does not exist answers the same, its own id aside.
    const missing = await readOrder(2_000_000_000, withToken(mine.token))
    expect(missing.status).toBe(404)
    expect(missing.body.error.message).toBe(
      answers[0]!.body.error.message.replace(String(mine.orderId), '2000000000'),
    )
    expect((await readOrder('abc', withToken(mine.token))).status).toBe(404)
  })

  it("opens no other door: Payload's own order routes still refuse the token and hide its hash", async () => {
    const { orderId, token } = await guestOrder()
    const customer = await userWithToken(payload(), 'customer')
    const byPayload = await readOrder(orderId, withToken(token))
    expect(byPayload.status).toBe(200)
    for (const path of [`/api/orders/${orderId}`, `/api/orders?where[id][equals]=${orderId}`]) {
      const anonymous = await restJson('GET', path, { headers: withToken(token) })
      expect([401, 403, 404], `${path}: ${anonymous.status}`).toContain(anonymous.status)
      if (anonymous.status === 200) expect(anonymous.body.docs).toEqual([])
    }
    const patched = await restJson('PATCH', `/api/orders/${orderId}`, {
      headers: withToken(token),
      body: { status: 'cancelled' },
    })
    expect([401, 403]).toContain(patched.status)

    // The signed-in owner of an order reads it through Payload without the hash.
    const owned = await checkout({
      body: guestCart((await createProduct(payload())).id),
      token: customer.token,
    })
    const own = await restJson('GET', `/api/orders/${owned.body.orderId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(own.status).toBe(200)
    expect(JSON.stringify(own.body)).not.toMatch(/token/i)
    const admin = await userWithToken(payload(), 'admin')
    const asAdmin = await restJson('GET', `/api/orders/${owned.body.orderId}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(asAdmin.status).toBe(200)
    expect(JSON.stringify(asAdmin.body)).not.toMatch(/token/i)
  })

  it('lets the signed-in owner read it without a token, and no other customer', async () => {
    const owner = await userWithToken(payload(), 'customer')
    const stranger = await userWithToken(payload(), 'customer')
    const product = await createProduct(payload())
    const placed = await checkout({ body: guestCart(product.id), token: owner.token })
    const id = placed.body.orderId
    const mine = await readOrder(id, { authorization: `Bearer ${owner.token}` })
    expect(mine.status).toBe(200)
    expect(mine.body.data.id).toBe(id)
    const theirs = await readOrder(id, { authorization: `Bearer ${stranger.token}` })
    expect(theirs.status).toBe(404)
    const admin = await userWithToken(payload(), 'admin')
    expect((await readOrder(id, { authorization: `Bearer ${admin.token}` })).status).toBe(404)
  })
})

describe('GET /api/v1/orders: a signed-in customer lists their own orders', () => {
  it('newest first in keyset pages, never another customer', async () => {
    const restore = handInConfig(payload(), { CHECKOUT_REQUIRE_AUTH: 'true' })
    try {
      const product = await createProduct(payload(), { stock: 50 })
      const alice = await userWithToken(payload(), 'customer')
      const bob = await userWithToken(payload(), 'customer')
      const place = async (customer: { token: string }, quantity: number) => {
        const placed = await checkout({
          body: { items: [{ product_id: product.id, quantity }], shipping_address: address },
          token: customer.token,
        })
        expect(placed.status).toBe(201)
        return placed.body.data.orderId as number
      }
      const first = await place(alice, 1)
      const bobs = await place(bob, 1)
      const second = await place(alice, 2)
      const third = await place(alice, 3)
      const asAlice = { authorization: `Bearer ${alice.token}` }

      const page1 = await restJson('GET', '/api/v1/orders?limit=2', { headers: asAlice })
      expect(page1.status, JSON.stringify(page1.body)).toBe(200)
      expect(page1.body.data.map((order: { id: number }) => order.id)).toEqual([third, second])
      expect(page1.body.meta).toEqual({ limit: 2, has_more: true, next_after_id: second })
      expect(page1.body.data[0].items[0]).toMatchObject({ product_id: product.id, quantity: 3 })
      expect(page1.headers.get('cache-control')).toBe('private, no-store')

      const page2 = await restJson('GET', `/api/v1/orders?limit=2&after_id=${second}`, {
        headers: asAlice,
      })
      expect(page2.body.data.map((order: { id: number }) => order.id)).toEqual([first])
      expect(page2.body.meta).toEqual({ limit: 2, has_more: false, next_after_id: null })

      const all = await restJson('GET', '/api/v1/orders', { headers: asAlice })
      expect(all.body.data.map((order: { id: number }) => order.id)).toEqual([third, second, first])
      const bobsList = await restJson('GET', '/api/v1/orders', {
        headers: { authorization: `Bearer ${bob.token}` },
      })
      expect(bobsList.body.data.map((order: { id: number }) => order.id)).toEqual([bobs])
    } finally {
      restore()
    }
  })

  it('answers 401 to anyone not signed in, 403 to an API consumer, 400 to a bad page', async () => {
    const anonymous = await restJson('GET', '/api/v1/orders')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({
      error: { code: 'unauthorized', message: expect.any(String) },
    })
    const { token } = await guestOrder()
    expect((await restJson('GET', '/api/v1/orders', { headers: withToken(token) })).status).toBe(
      401,
    )
    const { apiKey } = await consumerWithKey(payload(), 'Order reader')
    const consumer = await restJson('GET', '/api/v1/orders', { headers: { 'x-api-key': apiKey } })
    expect(consumer.status).toBe(403)
    const customer = await userWithToken(payload(), 'customer')
    const bad = await restJson('GET', '/api/v1/orders?limit=0', {
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(bad.status).toBe(400)
    const none = await restJson('GET', '/api/v1/orders', {
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(none.body).toEqual({
      data: [],
      meta: { limit: 20, has_more: false, next_after_id: null },
    })
  })
})
