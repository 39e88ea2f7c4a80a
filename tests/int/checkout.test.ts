import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { FakeStripe } from '../helpers/fakeStripe'
import { userWithToken } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { address, createProduct, stockOf, shopHarness } from '../helpers/shop'
import { handInConfig } from '../helpers/testConfig'

const store = shopHarness({ resetBeforeEach: true })
let payload: Payload
let stripe: FakeStripe

beforeAll(async () => {
  ;({ payload, stripe } = await store.start({ FRONTEND_URL: 'https://shop.example.com' }))
})

const checkout = (body: unknown, headers: Record<string, string> = {}) =>
  restJson('POST', '/api/orders/checkout', { body, headers })

describe('POST /api/orders/checkout (guest variant, the default)', () => {
  it('creates a pending order from database prices and opens the exact Stripe session', async () => {
    const mug = await createProduct(payload, { name: 'Mug', price: 19.99, stock: 5 })
    const sticker = await createProduct(payload, { name: 'Sticker', price: 1.005, stock: 9 })
    const before = Date.now()
    const response = await checkout({
      items: [
        { productId: mug.id, quantity: 2, price: 0.01, name: 'forged' },
        { productId: String(sticker.id), quantity: 3 },
      ],
      customerEmail: 'guest@example.com',
      shippingAddress: { ...address, country: 'ru' },
    })

    expect(response.status).toBe(201)
    const [request] = stripe.sessionRequests()
    const session = stripe.sessions.values().next().value!
    expect(response.body).toEqual({
      orderId: expect.any(Number),
      paymentUrl: session.url,
      order_token: expect.stringMatching(/^[\w-]{43}$/),
    })
    const { orderId } = response.body

    expect(stripe.sessionRequests()).toHaveLength(1)
    const expiresAt = Number(request!.form.expires_at)
    expect(request!.form).toEqual({
      'allowed_payment_method_types[0]': 'card',
      mode: 'payment',
      'line_items[0][price_data][currency]': 'rub',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][product_data][name]': 'Mug',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][currency]': 'rub',
      'line_items[1][price_data][unit_amount]': '101',
      'line_items[1][price_data][product_data][name]': 'Sticker',
      'line_items[1][quantity]': '3',
      'metadata[orderId]': String(orderId),
      customer_email: 'guest@example.com',
      success_url: `https://shop.example.com/order/${orderId}/success`,
      cancel_url: 'https://shop.example.com/cart',
      expires_at: String(expiresAt),
    })
    // One hour by default (Stripe accepts 30 minutes to 24 hours).
    expect(expiresAt * 1000 - before).toBeGreaterThan(59 * 60_000)
    expect(expiresAt * 1000 - Date.now()).toBeLessThanOrEqual(60 * 60_000)
    expect(request!.headers.authorization).toBe('Bearer sk_test_fake_key')

    const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0 })
    expect(request!.headers['idempotency-key']).toBe(
      `order-${orderId}-checkout-session-${Date.parse(order.createdAt)}`,
    )
    expect(order).toMatchObject({
      status: 'pending',
      total: 42.995,
      customerEmail: 'guest@example.com',
      shippingAddress: address,
      stripeSessionId: session.id,
      paymentId: null,
      user: null,
    })
    expect(
      order.items.map(({ product, quantity, price, name }) => ({ product, quantity, price, name })),
    ).toEqual([
      { product: mug.id, quantity: 2, price: 19.99, name: 'Mug' },
      { product: sticker.id, quantity: 3, price: 1.005, name: 'Sticker' },
    ])
    expect(await stockOf(payload, mug.id)).toBe(3)
    expect(await stockOf(payload, sticker.id)).toBe(6)
  })

  it('keeps totals exact where binary floats drift', async () => {
    const dime = await createProduct(payload, { price: 0.1 })
    const elevenTenths = await createProduct(payload, { price: 1.1 })
    const response = await checkout({
      items: [
        { productId: dime.id, quantity: 3 },
        { productId: elevenTenths.id, quantity: 3 },
      ],
      customerEmail: 'guest@example.com',
      shippingAddress: address,
    })
    expect(response.status).toBe(201)
    const order = await payload.findByID({ collection: 'orders', id: response.body.orderId })
    expect(0.1 * 3 + 1.1 * 3).not.toBe(3.6)
    expect(order.total).toBe(3.6)
    const { rows } = await payload.db.drizzle.execute(
      `SELECT total::text AS total FROM orders WHERE id = ${order.id}`,
    )
    expect(rows[0]).toEqual({ total: '3.6' })
  })

  it('names the signed-in user on the order when the caller is known', async () => {
    const customer = await userWithToken(payload, 'customer')
    const product = await createProduct(payload)
    const response = await checkout(
      {
        items: [{ productId: product.id, quantity: 1 }],
        customerEmail: 'other@example.com',
        shippingAddress: address,
      },
      { authorization: `Bearer ${customer.token}` },
    )
    expect(response.status).toBe(201)
    const order = await payload.findByID({ collection: 'orders', id: response.body.orderId })
    expect(order.user).toMatchObject({ id: customer.user.id })
  })

  it('answers 400 { error } naming unknown and inactive products, and holds nothing', async () => {
    const inactive = await createProduct(payload, { active: false })
    const fine = await createProduct(payload, { stock: 4 })
    const response = await checkout({
      items: [
        { productId: fine.id, quantity: 1 },
        { productId: 999999, quantity: 1 },
        { productId: inactive.id, quantity: 1 },
      ],
      customerEmail: 'guest@example.com',
      shippingAddress: address,
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      error: `Unknown or inactive products: 999999, ${inactive.id}`,
    })
    expect(await stockOf(payload, fine.id)).toBe(4)
    expect(stripe.requests).toHaveLength(0)
  })

  it.each([
    [
      'missing items',
      { customerEmail: 'a@example.com', shippingAddress: address },
      /items is required/,
    ],
    [
      'empty items',
      { items: [], customerEmail: 'a@example.com', shippingAddress: address },
      /items must not be empty/,
    ],
    ['no body at all', undefined, /Invalid input/],
    [
      'a zero quantity',
      {
        items: [{ productId: 1, quantity: 0 }],
        customerEmail: 'a@example.com',
        shippingAddress: address,
      },
      /quantity: must be at least 1/,
    ],
    [
      'a fractional quantity',
      {
        items: [{ productId: 1, quantity: 1.5 }],
        customerEmail: 'a@example.com',
        shippingAddress: address,
      },
      /quantity/,
    ],
    [
      'a quantity over 100',
      {
        items: [{ productId: 1, quantity: 101 }],
        customerEmail: 'a@example.com',
        shippingAddress: address,
      },
      /at most 100/,
    ],
    [
      'a bad e-mail',
      { items: [{ productId: 1, quantity: 1 }], customerEmail: 'nope', shippingAddress: address },
      /customerEmail/,
    ],
    [
      'an unknown country',
      {
        items: [{ productId: 1, quantity: 1 }],
        customerEmail: 'a@example.com',
        shippingAddress: { ...address, country: 'XX' },
      },
      /country/,
    ],
    [
      'no shipping address',
      { items: [{ productId: 1, quantity: 1 }], customerEmail: 'a@example.com' },
      /shippingAddress/,
    ],
  ])('answers 400 { error } to %s', async (_case, body, message) => {
    const response = await checkout(body)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: expect.stringMatching(message) })
    expect(stripe.requests).toHaveLength(0)
  })

  it('answers 409 when stock is short and holds nothing of the other lines', async () => {
    const plenty = await createProduct(payload, { stock: 10 })
    const scarce = await createProduct(payload, { name: 'Scarce', stock: 1 })
    const response = await checkout({
      items: [
        { productId: plenty.id, quantity: 2 },
        { productId: scarce.id, quantity: 2 },
      ],
      customerEmail: 'guest@example.com',
      shippingAddress: address,
    })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({
      error: `Insufficient stock for "Scarce" (product ${scarce.id}): 2 requested`,
    })
    expect(await stockOf(payload, plenty.id)).toBe(10)
    expect(await stockOf(payload, scarce.id)).toBe(1)
    expect(
      (
        await payload.count({
          collection: 'orders',
          where: {
            customerEmail: { equals: 'guest@example.com' },
            status: { equals: 'pending' },
            'items.product': { equals: scarce.id },
          },
        })
      ).totalDocs,
    ).toBe(0)
  })

  it('cancels the order and releases the stock when Stripe fails: 502 { error }', async () => {
    const product = await createProduct(payload, { stock: 3 })
    stripe.setMode('api_error')
    const response = await checkout({
      items: [{ productId: product.id, quantity: 2 }],
      customerEmail: 'failing@example.com',
      shippingAddress: address,
    })
    expect(response.status).toBe(502)
    expect(response.body).toEqual({ error: expect.stringMatching(/payment provider/) })
    expect(stripe.sessionRequests()).toHaveLength(1)
    const { docs } = await payload.find({
      collection: 'orders',
      where: { customerEmail: { equals: 'failing@example.com' } },
    })
    expect(docs.map((order) => order.status)).toEqual(['cancelled'])
    // The admin reads why on the order.
    expect(docs.map((order) => order.statusReason)).toEqual([
      'Cancelled at checkout: the payment provider could not be reached, so no payment session was opened. Nothing was charged.',
    ])
    expect(await stockOf(payload, product.id)).toBe(3)
  })

  it('cancels the order and releases the stock when Stripe is unreachable: 502', async () => {
    const product = await createProduct(payload, { stock: 3 })
    // The discard port: connection refused.
    const restore = handInConfig(payload, { STRIPE_API_BASE: 'http://127.0.0.1:9' })
    try {
      const response = await checkout({
        items: [{ productId: product.id, quantity: 3 }],
        customerEmail: 'unreachable@example.com',
        shippingAddress: address,
      })
      expect(response.status).toBe(502)
      expect(response.body).toEqual({ error: expect.stringMatching(/payment provider/) })
    } finally {
      restore()
    }
    const { docs } = await payload.find({
      collection: 'orders',
      where: { customerEmail: { equals: 'unreachable@example.com' } },
    })
    expect(docs.map((order) => order.status)).toEqual(['cancelled'])
    expect(docs[0]!.statusReason).toMatch(
      /^Cancelled at checkout: the payment provider could not be reached/,
    )
    expect(await stockOf(payload, product.id)).toBe(3)
  })
})
