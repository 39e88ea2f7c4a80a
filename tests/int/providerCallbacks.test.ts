import { describe, expect, it } from 'vitest'

import { checkoutSessionEvent, signedWebhook } from '../helpers/fakeStripe'
import * as shop from '../helpers/shop'
import { restJson } from '../helpers/rest'

const { payload, stripe } = shop.shopHarness({
  settings: {
    // A small default window, so that a burst of Stripe's events would cross it; and a smaller
    // one for requests whose signature does not verify.
    RATE_LIMIT_DEFAULT: '3/600',
    RATE_LIMIT_BAD_SIGNATURES: '2/600',
  },
})

/** Stripe's calls, all from the one address of the proxy in front of the app. */
const stripeAddress = { 'x-forwarded-for': '203.0.113.9' }

function deliver(event: object, signature?: string | null) {
  const signed = signedWebhook(event, 'whsec_test_secret')
  const headers: Record<string, string> = { ...stripeAddress }
  if (signature !== null) headers['stripe-signature'] = signature ?? signed.signature
  return restJson('POST', '/api/orders/webhook/stripe', { rawBody: signed.payload, headers })
}

describe("Stripe's callbacks and the rate limits", () => {
  it('never refuses a signed event, however many come from one address', async () => {
    const product = await shop.createProduct(payload(), { stock: 20 })
    const sessions = []
    for (let buyer = 1; buyer <= 6; buyer++) {
      const placed = await restJson('POST', '/api/orders/checkout', {
        headers: { 'x-forwarded-for': `198.51.100.${buyer}` },
        body: {
          items: [{ productId: product.id, quantity: 1 }],
          customerEmail: `buyer${buyer}@example.com`,
          shippingAddress: shop.address,
        },
      })
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      const order = await payload().findByID({ collection: 'orders', id: placed.body.orderId })
      sessions.push({ orderId: order.id, session: stripe().sessions.get(order.stripeSessionId!)! })
    }
    // Twice the default window's worth, from one address: every one is received and applied.
    const answers = []
    for (const { session } of sessions) {
      answers.push(await deliver(checkoutSessionEvent('checkout.session.completed', session)))
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    // Nothing was counted for them.
    expect(answers.map((answer) => answer.headers.get('ratelimit-limit'))).toEqual(
      answers.map(() => null),
    )
    for (const { orderId } of sessions) {
      const order = await payload().findByID({ collection: 'orders', id: orderId, depth: 0 })
      expect(order.status).toBe('paid')
    }
  })

  it('counts requests that do not verify per address, and refuses them past their limit', async () => {
    const event = checkoutSessionEvent('checkout.session.completed', { id: 'cs_test_forged' })
    expect((await deliver(event, null)).status).toBe(400)
    expect((await deliver(event, 't=1,v1=00')).status).toBe(400)
    const refused = await deliver(event, 't=1,v1=00')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: expect.stringMatching(/signature/i) })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('ratelimit-limit')).toBe('2')
    // Stripe, behind the same address, is still heard.
    const placed = await restJson('POST', '/api/orders/checkout', {
      headers: { 'x-forwarded-for': '198.51.100.77' },
      body: {
        items: [{ productId: (await shop.createProduct(payload(), { stock: 1 })).id, quantity: 1 }],
        customerEmail: 'late@example.com',
        shippingAddress: shop.address,
      },
    })
    const order = await payload().findByID({ collection: 'orders', id: placed.body.orderId })
    const session = stripe().sessions.get(order.stripeSessionId!)!
    const signed = await deliver(checkoutSessionEvent('checkout.session.completed', session))
    expect(signed.status).toBe(200)
  })
})
