import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import { describe, expect, it } from 'vitest'

import { userWithToken } from '../helpers/identities'
import {
  address,
  createProduct,
  stockOf,
  shopHarness,
  cartOf,
  generalRateLimitOff,
  checkout,
  newClientAddress,
} from '../helpers/shop'
import { handInConfig } from '../helpers/testConfig'
import { deleteExpiredCheckoutKeys } from '../../src/shop/idempotency/checkoutKeyStore'

const { payload, stripe } = shopHarness({ resetBeforeEach: true, settings: generalRateLimitOff })

// An address of its own per test (`newClientAddress`): keys are per client, and so are the
// holding limits.
const cart = (productId: number, quantity = 1) => cartOf(productId, quantity, 'retry@example.com')

const ordersOf = async (productId: number) =>
  (
    await payload().find({
      collection: 'orders',
      where: { 'items.product': { equals: productId } },
      depth: 0,
      limit: 100,
    })
  ).docs

describe('POST /api/orders/checkout with an Idempotency-Key', () => {
  it('answers the same key and body again with the first answer: one order, stock held once', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    const key = randomUUID()
    const first = await checkout({ body: cart(product.id, 2), key, from })
    const again = await checkout({ body: cart(product.id, 2), key, from })

    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await ordersOf(product.id)).toHaveLength(1)
    expect(await stockOf(payload(), product.id)).toBe(3)
    expect(stripe().sessionRequests()).toHaveLength(1)
  })

  it('takes the same body in another field order as the same request', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    const key = randomUUID()
    const first = await checkout({ body: cart(product.id), key, from })
    const { shippingAddress, customerEmail, items } = cart(product.id)
    const reordered = await checkout({
      body: { shippingAddress: { ...shippingAddress }, customerEmail, items },
      key,
      from,
    })
    expect(reordered.status).toBe(201)
    expect(reordered.body).toEqual(first.body)
    expect(await stockOf(payload(), product.id)).toBe(4)
  })

  it('refuses the same key with another body with 422, holding nothing more', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    const key = randomUUID()
    expect((await checkout({ body: cart(product.id, 1), key, from })).status).toBe(201)
    const other = await checkout({ body: cart(product.id, 3), key, from })

    expect(other.status).toBe(422)
    expect(other.body).toEqual({ error: expect.stringMatching(/Idempotency-Key.*another request/) })
    expect(await ordersOf(product.id)).toHaveLength(1)
    expect(await stockOf(payload(), product.id)).toBe(4)
  })

  it('creates one order for concurrent requests with one key, and answers them all alike', async () => {
    const product = await createProduct(payload(), { stock: 10 })
    const from = newClientAddress()
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => checkout({ body: cart(product.id, 2), key, from })),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(201))
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body)
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed'))).toHaveLength(4)
    expect(await ordersOf(product.id)).toHaveLength(1)
    expect(await stockOf(payload(), product.id)).toBe(8)
    expect(stripe().sessionRequests()).toHaveLength(1)
  })

  it('keeps keys per client: another address or a signed-in user with the same key gets its own order', async () => {
    const product = await createProduct(payload(), { stock: 10 })
    const key = 'order-1'
    const mine = await checkout({ body: cart(product.id), key, from: newClientAddress() })
    const theirs = await checkout({ body: cart(product.id), key, from: '198.51.100.77' })
    const customer = await userWithToken(payload(), 'customer')
    const signedIn = await checkout({
      body: cart(product.id),
      key,
      from: newClientAddress(),
      token: customer.token,
    })

    expect([mine.status, theirs.status, signedIn.status]).toEqual([201, 201, 201])
    const ids = new Set([mine.body.orderId, theirs.body.orderId, signedIn.body.orderId])
    expect(ids.size).toBe(3)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    expect(signedIn.headers.get('idempotent-replayed')).toBeNull()
    expect(await stockOf(payload(), product.id)).toBe(7)
  })

  it("never hands one anonymous buyer another's order behind the same address: a key is the address's and the e-mail's", async () => {
    // Before: a key was the address's alone, so a second buyer behind it who picked the same
    // key met the first's checkout (422, or with the same cart the first's order and token).
    const product = await createProduct(payload(), { stock: 10 })
    const from = newClientAddress()
    const key = 'cart-1'
    const first = await checkout({ body: cartOf(product.id, 1, 'first@example.com'), key, from })
    const second = await checkout({ body: cartOf(product.id, 1, 'second@example.com'), key, from })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect(second.body.orderId).not.toBe(first.body.orderId)
    expect(second.body.order_token).toEqual(expect.any(String))
    expect(second.body.order_token).not.toBe(first.body.order_token)
    // The first buyer's retry still answers its own order with its token.
    const retried = await checkout({ body: cartOf(product.id, 1, 'first@example.com'), key, from })
    expect(retried.headers.get('idempotent-replayed')).toBe('true')
    expect(retried.body).toEqual(first.body)
    // Its key with another cart is still refused.
    const changed = await checkout({ body: cartOf(product.id, 2, 'first@example.com'), key, from })
    expect(changed.status).toBe(422)
  })

  it('answers 400 naming the header to a key too long, empty or with control characters', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    for (const key of ['k'.repeat(256), '', 'tab\there', 'bell\u0007', 'caf\u00e9']) {
      const answer = await checkout({ body: cart(product.id), key, from })
      expect(answer.status, JSON.stringify(key)).toBe(400)
      expect(answer.body.error).toMatch(/Idempotency-Key/)
    }
    expect(await ordersOf(product.id)).toHaveLength(0)
    expect(await stockOf(payload(), product.id)).toBe(5)
    const longest = await checkout({ body: cart(product.id), key: '~'.repeat(255), from })
    expect(longest.status).toBe(201)
  })

  it('does not pin a key to a failed first attempt: out of stock, then restocked, succeeds', async () => {
    const product = await createProduct(payload(), { stock: 1 })
    const from = newClientAddress()
    const key = randomUUID()
    const refused = await checkout({ body: cart(product.id, 2), key, from })
    expect(refused.status).toBe(409)

    await payload().update({ collection: 'products', id: product.id, data: { stock: 4 } })
    const retried = await checkout({ body: cart(product.id, 2), key, from })
    expect(retried.status).toBe(201)
    expect(retried.headers.get('idempotent-replayed')).toBeNull()
    expect(await stockOf(payload(), product.id)).toBe(2)
  })

  it('does not pin a key to a failed first attempt: Stripe down, then up, succeeds once', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    const key = randomUUID()
    stripe().setMode('api_error')
    const failed = await checkout({ body: cart(product.id), key, from })
    expect(failed.status).toBe(502)
    stripe().setMode('ok')

    const retried = await checkout({ body: cart(product.id), key, from })
    expect(retried.status).toBe(201)
    expect(retried.body.orderId).not.toBe(undefined)
    const replayed = await checkout({ body: cart(product.id), key, from })
    expect(replayed.body).toEqual(retried.body)
    const orders = await ordersOf(product.id)
    expect(orders.map((order) => order.status).sort()).toEqual(['cancelled', 'pending'])
    expect(await stockOf(payload(), product.id)).toBe(4)
  })

  it('treats a key older than 24 hours as new, and the sweeper housekeeping deletes it', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    const key = randomUUID()
    const first = await checkout({ body: cart(product.id), key, from })
    await payload().db.drizzle.execute(sql`
      UPDATE checkout_idempotency_keys SET created_at = now() - interval '25 hours'
      WHERE key = ${key}`)
    const later = await checkout({ body: cart(product.id), key, from })
    expect(later.status).toBe(201)
    expect(later.body.orderId).not.toBe(first.body.orderId)
    expect(later.headers.get('idempotent-replayed')).toBeNull()

    await payload().db.drizzle.execute(sql`
      UPDATE checkout_idempotency_keys SET created_at = now() - interval '25 hours'
      WHERE key = ${key}`)
    expect(await deleteExpiredCheckoutKeys(payload().db.drizzle as never)).toBeGreaterThanOrEqual(1)
    const { rows } = await payload().db.drizzle.execute(
      sql`SELECT 1 FROM checkout_idempotency_keys WHERE key = ${key}`,
    )
    expect(rows).toHaveLength(0)
  })

  it('frees a key whose checkout never answered (its server died) once the Stripe call cannot still run', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    const key = randomUUID()
    const first = await checkout({ body: cart(product.id), key, from })
    // As a server that died between the order's commit and its answer leaves it.
    await payload().db.drizzle.execute(sql`
      UPDATE checkout_idempotency_keys
      SET result = NULL, completed_at = NULL, created_at = now() - interval '1 hour'
      WHERE key = ${key}`)
    const retried = await checkout({ body: cart(product.id), key, from })
    expect(retried.status).toBe(201)
    expect(retried.body.orderId).not.toBe(first.body.orderId)
    const again = await checkout({ body: cart(product.id), key, from })
    expect(again.body).toEqual(retried.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
  })

  it('changes nothing without the header: two identical carts are two orders', async () => {
    const product = await createProduct(payload(), { stock: 5 })
    const from = newClientAddress()
    const first = await checkout({ body: cart(product.id), from })
    const second = await checkout({ body: cart(product.id), from })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.orderId).not.toBe(first.body.orderId)
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect(await stockOf(payload(), product.id)).toBe(3)
  })

  it('works the same in the authenticated variant, in its own envelopes', async () => {
    const restore = handInConfig(payload(), { CHECKOUT_REQUIRE_AUTH: 'true' })
    try {
      const product = await createProduct(payload(), { stock: 5 })
      const customer = await userWithToken(payload(), 'customer')
      const body = (quantity: number) => ({
        items: [{ product_id: product.id, quantity }],
        shipping_address: address,
      })
      const key = randomUUID()
      const call = (quantity: number) =>
        checkout({ body: body(quantity), key, from: newClientAddress(), token: customer.token })
      const first = await call(1)
      const again = await call(1)
      expect(first.status).toBe(201)
      expect(again.status).toBe(201)
      expect(again.body).toEqual(first.body)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      const other = await call(2)
      expect(other.status).toBe(422)
      expect(other.body).toEqual({
        errors: [{ message: expect.stringMatching(/Idempotency-Key.*another request/) }],
      })
      expect(await stockOf(payload(), product.id)).toBe(4)
    } finally {
      restore()
    }
  })
})
