/**
 * `npm run bench:checkout`: checkouts per second and their latency on the production build,
 * with the app's Stripe client pointed at the fake Stripe API of the tests (on loopback, in
 * this process), so the figures are the app's own cost plus one local HTTP round trip.
 */
import { seedCredentials } from '../seed/identities'
import { checkoutSessionEvent, signedWebhook, startFakeStripe } from '../tests/helpers/fakeStripe'
import { startApp } from '../tests/helpers/startApp'
import { measure, printTable, type Scenario } from './lib/measure'

const webhookSecret = 'whsec_bench_secret'
const stripe = await startFakeStripe()
const app = await startApp({
  env: {
    RATE_LIMIT_DEFAULT: '100000000/60',
    RATE_LIMIT_EDITORS: '100000000/60',
    // The load comes from one address: throughput, not the bound on one client's reservations.
    CHECKOUT_MAX_PENDING_ORDERS: '100000000',
    CHECKOUT_MAX_HELD_UNITS: '1000000000',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_API_BASE: stripe.baseUrl,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  },
})
try {
  const credentials = seedCredentials()
  const login = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.adminEmail, password: credentials.adminPassword }),
  })
  const { token } = (await login.json()) as { token: string }
  const createProduct = async (name: string, stock: number) => {
    const response = await fetch(`${app.baseUrl}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, price: 19.99, stock }),
    })
    return ((await response.json()) as { doc: { id: number } }).doc.id
  }
  const hot = await createProduct('Bench hot product', 10_000_000)
  const spread = [
    await createProduct('Bench A', 10_000_000),
    await createProduct('Bench B', 10_000_000),
    await createProduct('Bench C', 10_000_000),
  ]
  const soldOut = await createProduct('Bench sold out', 0)
  const cart = (items: { productId: number; quantity: number }[]) =>
    JSON.stringify({
      items,
      customerEmail: 'bench@example.com',
      shippingAddress: {
        name: 'Bench',
        line1: 'Loopback 1',
        city: 'Localhost',
        postal_code: '127001',
        country: 'DE',
      },
    })
  const json = { 'content-type': 'application/json' }
  const checkout = (name: string, body: string, expectStatus: number): Scenario => ({
    name,
    path: '/api/orders/checkout',
    method: 'POST',
    headers: json,
    body,
    expectStatus,
  })

  // A webhook delivery of an event already processed: signature check + duplicate lookup.
  const event = checkoutSessionEvent('checkout.session.completed', {
    id: 'cs_bench',
    metadata: { orderId: '1' },
  })
  const webhook = signedWebhook(event, webhookSecret)
  await fetch(`${app.baseUrl}/api/orders/webhook/stripe`, {
    method: 'POST',
    headers: { ...json, 'stripe-signature': webhook.signature },
    body: webhook.payload,
  })

  const figures = await measure(app.baseUrl, [
    checkout(
      'guest checkout, 1 line, all on one product row',
      cart([{ productId: hot, quantity: 1 }]),
      201,
    ),
    checkout(
      'guest checkout, 3 lines on 3 products',
      cart(spread.map((productId) => ({ productId, quantity: 2 }))),
      201,
    ),
    checkout('guest checkout, sold out (409)', cart([{ productId: soldOut, quantity: 1 }]), 409),
    checkout('guest checkout, empty cart (400)', cart([]), 400),
    {
      name: 'Stripe webhook, duplicate event (200)',
      path: '/api/orders/webhook/stripe',
      method: 'POST',
      headers: { ...json, 'stripe-signature': webhook.signature },
      body: webhook.payload,
      expectStatus: 200,
    },
  ])
  console.log(
    `\nnpm run bench:checkout, ${new Date().toISOString().slice(0, 10)}, autocannon -c 10 -d 8, ` +
      `${stripe.sessionRequests().length} sessions opened on the fake Stripe\n`,
  )
  printTable(figures)
} finally {
  await app.stop()
  await stripe.stop()
}
process.exit(0)
