import { beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken, type UserWithToken } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { address, createProduct, stockOf, shopHarness } from '../helpers/shop'

const { payload, stripe } = shopHarness({
  resetBeforeEach: true,
  settings: {
    CHECKOUT_REQUIRE_AUTH: 'true',
    CHECKOUT_SESSION_TTL_MINUTES: '45',
    FRONTEND_URL: 'https://shop.example.com',
  },
})
let customer: UserWithToken

beforeAll(async () => {
  customer = await userWithToken(payload(), 'customer')
})

const checkout = (body: unknown, token: string | null = customer.token) =>
  restJson('POST', '/api/orders/checkout', {
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })

describe('POST /api/orders/checkout with CHECKOUT_REQUIRE_AUTH=true', () => {
  it('answers 401 { errors: [{ message }] } without a user, 400 to the guest body shape', async () => {
    const product = await createProduct(payload())
    const guestBody = {
      items: [{ productId: product.id, quantity: 1 }],
      customerEmail: 'guest@example.com',
      shippingAddress: address,
    }
    const anonymous = await checkout(guestBody, null)
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(401)
    expect(anonymous.body).toEqual({ errors: [{ message: expect.any(String) }] })
    const badToken = await checkout(guestBody, 'not-a-token')
    const guestShape = await checkout(guestBody)
    expect(guestShape.status).toBe(400)
    expect(guestShape.body.errors[0].message).toMatch(/product_id/)
    expect(badToken.status, JSON.stringify(badToken.body)).toBe(401)
    expect(await stockOf(payload(), product.id)).toBe(10)
    expect(stripe().requests).toHaveLength(0)
  })

  it('places the order for the user: { data: { orderId, paymentUrl, total } }', async () => {
    const product = await createProduct(payload(), { name: 'Tote', price: 1290.5, stock: 4 })
    const before = Date.now()
    const response = await checkout({
      items: [{ product_id: product.id, quantity: 2 }],
      shipping_address: address,
      payment_method: 'card',
    })
    expect(response.status).toBe(201)
    const session = [...stripe().sessions.values()][0]!
    expect(response.body).toEqual({
      data: {
        orderId: expect.any(Number),
        paymentUrl: session.url,
        total: 2581,
        order_token: expect.stringMatching(/^[\w-]{43}$/),
      },
    })
    const { orderId } = response.body.data
    const [request] = stripe().sessionRequests()
    expect(request!.params).toEqual({
      allowed_payment_method_types: ['card'],
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'rub', unit_amount: '129050', product_data: { name: 'Tote' } },
          quantity: '2',
        },
      ],
      metadata: { orderId: String(orderId) },
      customer_email: customer.email,
      success_url: `https://shop.example.com/order/${orderId}/success`,
      cancel_url: 'https://shop.example.com/cart',
      expires_at: expect.any(String),
    })
    // CHECKOUT_SESSION_TTL_MINUTES=45
    const expiresAt = Number(request!.params.expires_at) * 1000
    expect(expiresAt - before).toBeGreaterThan(44 * 60_000)
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(45 * 60_000)
    expect(request!.headers['idempotency-key']).toMatch(new RegExp(`^order-${orderId}-`))

    const order = await payload().findByID({ collection: 'orders', id: orderId, depth: 0 })
    expect(order).toMatchObject({
      status: 'pending',
      total: 2581,
      customerEmail: customer.email,
      user: customer.user.id,
      shippingAddress: address,
    })
    expect(await stockOf(payload(), product.id)).toBe(2)
  })

  it('answers 400 to an empty cart, a missing cart and a payment method other than card', async () => {
    const product = await createProduct(payload())
    for (const body of [
      { items: [], shipping_address: address },
      { shipping_address: address },
      {
        items: [{ product_id: product.id, quantity: 1 }],
        shipping_address: address,
        payment_method: 'sbp',
      },
      { items: [{ productId: product.id, quantity: 1 }], shipping_address: address },
    ]) {
      const response = await checkout(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body).toEqual({ errors: [{ message: expect.any(String) }] })
    }
    expect(stripe().requests).toHaveLength(0)
  })

  it('answers 400 naming an unknown product and 409 to insufficient stock', async () => {
    const unknown = await checkout({
      items: [{ product_id: 987654, quantity: 1 }],
      shipping_address: address,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ errors: [{ message: 'Unknown or inactive product: 987654' }] })

    const scarce = await createProduct(payload(), { name: 'Scarce', stock: 1 })
    const short = await checkout({
      items: [{ product_id: scarce.id, quantity: 2 }],
      shipping_address: address,
    })
    expect(short.status).toBe(409)
    expect(short.body).toEqual({
      errors: [{ message: `Insufficient stock for "Scarce" (product ${scarce.id}): 2 requested` }],
    })
  })

  it('answers 500 { errors } when Stripe fails, with the order cancelled and stock released', async () => {
    const product = await createProduct(payload(), { stock: 2 })
    stripe().setMode('invalid_request')
    const response = await checkout({
      items: [{ product_id: product.id, quantity: 2 }],
      shipping_address: address,
    })
    expect(response.status).toBe(500)
    expect(response.body).toEqual({
      errors: [{ message: expect.stringMatching(/payment provider/) }],
    })
    const { docs } = await payload().find({
      collection: 'orders',
      where: { 'items.product': { equals: product.id } },
    })
    expect(docs.map((order) => order.status)).toEqual(['cancelled'])
    expect(await stockOf(payload(), product.id)).toBe(2)
  })

  it('accepts an API consumer, whose order has no user', async () => {
    const { consumer, apiKey } = await consumerWithKey(payload())
    const product = await createProduct(payload())
    const response = await restJson('POST', '/api/orders/checkout', {
      headers: { 'x-api-key': apiKey },
      body: { items: [{ product_id: product.id, quantity: 1 }], shipping_address: address },
    })
    expect(response.status).toBe(201)
    const order = await payload().findByID({
      collection: 'orders',
      id: response.body.data.orderId,
      depth: 0,
    })
    expect(order).toMatchObject({ customerEmail: consumer.email, user: null })
  })
})
