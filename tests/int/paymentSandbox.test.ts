import type { Pool } from 'pg'
import type { Payload } from 'payload'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { configOf } from '../../src/config/appConfig'
import { checkoutSessionParams } from '../../src/shop/checkoutSession'
import { parseAmount } from '../../src/shop/money'
import { paymentSandboxApiKey } from '../../src/shop/paymentSandbox/paymentSandboxSettings'
import { serveAppOverHttp, type AppOverHttp } from '../helpers/appOverHttp'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { address, createProduct, stockOf, useFakeStripe } from '../helpers/shop'
import { handInConfig } from '../helpers/testConfig'
import {
  expireRunOutSessions,
  finishAndNotify,
  sendDueEvents,
} from '../../src/shop/paymentSandbox/settleSessions'
import { userWithToken } from '../helpers/identities'

// The payment sandbox: with no STRIPE_SECRET_KEY, checkout opens its session
// in a Stripe-compatible sandbox served by the app itself, through the real `stripe` SDK over
// real HTTP; the sandbox's page pays or cancels, and its events reach the app's Stripe webhook
// signed as Stripe signs them.

let payload: Payload
let pool: Pool
let app: AppOverHttp
const webhookSecret = 'whsec_sandbox_test_secret'
/** Puts back the configuration from before the test. */
let restoreConfig: (() => void) | undefined

/** The settings of a development run without Stripe keys, on the app at `app.baseUrl`. */
function sandboxEnvironment() {
  return {
    STRIPE_SECRET_KEY: undefined,
    PAYMENT_SANDBOX: undefined,
    CHECKOUT_REQUIRE_AUTH: undefined,
    SERVER_URL: undefined,
    NODE_ENV: 'development',
    STRIPE_API_BASE: app.baseUrl,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_MAX_NETWORK_RETRIES: '0',
    FRONTEND_URL: 'https://shop.example.com',
  }
}

/** Where the sandbox sends its events: the app over HTTP, and the secret it verifies with. */
const shopAt = (appAddress: string) => ({ appAddress, secret: webhookSecret })

beforeAll(async () => {
  payload = await getTestPayload()
  pool = (payload.db as unknown as { pool: Pool }).pool
  app = await serveAppOverHttp()
})

beforeEach(() => {
  restoreConfig = handInConfig(payload, {})
})

afterEach(() => {
  restoreConfig?.()
})

afterAll(async () => {
  await app?.stop()
})

/** The SDK as the app configures it while the sandbox is on. */
const sandboxSdk = (key = paymentSandboxApiKey(configOf(payload).identity.payloadSecret)) =>
  new Stripe(key, {
    protocol: 'http',
    host: '127.0.0.1',
    port: new URL(app.baseUrl).port,
    maxNetworkRetries: 0,
  })

const sessionParams = (orderId: number) =>
  checkoutSessionParams({
    orderId,
    lines: [{ name: 'Sandbox mug', unitPrice: parseAmount('790'), quantity: 2 }],
    customerEmail: 'buyer@example.com',
    frontendUrl: 'https://shop.example.com',
    expiresAt: new Date(Date.now() + 60 * 60_000),
  })

/** A guest checkout of `quantity` of a fresh product; the answer and the product. */
async function checkout(quantity = 2) {
  const product = await createProduct(payload, { name: 'Sandbox mug', price: 790, stock: 5 })
  const answer = await restJson('POST', '/api/orders/checkout', {
    body: {
      items: [{ productId: product.id, quantity }],
      customerEmail: 'buyer@example.com',
      shippingAddress: address,
    },
  })
  return { answer, product }
}

const readOrder = (id: number) => payload.findByID({ collection: 'orders', id, depth: 0 })

async function outboxTypes(orderId: number) {
  const { rows } = await pool.query<{ type: string }>(
    `SELECT type FROM webhook_outbox WHERE type LIKE 'order.%' AND data->>'id' = $1
     ORDER BY occurred_at`,
    [String(orderId)],
  )
  return rows.map((row) => row.type)
}

const post = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' })

describe('the sandbox API, through the real stripe SDK', () => {
  it('creates, retrieves and expires a session as Stripe does', async () => {
    handInConfig(payload, sandboxEnvironment())
    const stripe = sandboxSdk()
    const created = await stripe.checkout.sessions.create(sessionParams(101), {
      idempotencyKey: 'order-101-key',
    })
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      currency: 'rub',
      amount_total: 158000,
      metadata: { orderId: '101' },
      url: `${app.baseUrl}/payment-sandbox/${created.id}`,
    })
    expect(created.id).toMatch(/^cs_test_/)
    const replay = await stripe.checkout.sessions.create(sessionParams(101), {
      idempotencyKey: 'order-101-key',
    })
    expect(replay.id).toBe(created.id)

    expect(await stripe.checkout.sessions.retrieve(created.id)).toEqual(created)
    const expired = await stripe.checkout.sessions.expire(created.id)
    expect(expired).toMatchObject({ id: created.id, status: 'expired', url: null })
    await expect(stripe.checkout.sessions.expire(created.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    })
    expect((await stripe.checkout.sessions.retrieve(created.id)).status).toBe('expired')
  })

  it('answers errors as Stripe does: unknown session, bad parameters, wrong key', async () => {
    handInConfig(payload, sandboxEnvironment())
    await expect(sandboxSdk().checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    })
    const tooSoon = { ...sessionParams(102), expires_at: Math.floor(Date.now() / 1000) + 60 }
    await expect(sandboxSdk().checkout.sessions.create(tooSoon)).rejects.toMatchObject({
      statusCode: 400,
      param: 'expires_at',
    })
    await expect(
      sandboxSdk('sk_test_someone_else').checkout.sessions.create(sessionParams(103)),
    ).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 })
  })
})

describe('checkout with the sandbox', () => {
  it('opens the session in the sandbox; Pay sends a signed completed event and the order is paid', async () => {
    handInConfig(payload, sandboxEnvironment())
    const { answer } = await checkout()
    expect(answer.status).toBe(201)
    const { orderId, paymentUrl } = answer.body as { orderId: number; paymentUrl: string }
    expect(paymentUrl).toMatch(new RegExp(`^${app.baseUrl}/payment-sandbox/cs_test_sandbox_`))
    const order = await readOrder(orderId)
    expect(paymentUrl).toBe(`${app.baseUrl}/payment-sandbox/${order.stripeSessionId}`)

    const page = await fetch(paymentUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain(`<title>TEST PAYMENT – Order #${orderId} – payment sandbox</title>`)
    expect(html).toContain('<td>Sandbox mug</td>')
    expect(html).toContain('id="total">1,580.00 RUB</td>')

    const paid = await post(`${paymentUrl}/pay`)
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(new URL(paymentUrl).pathname)

    const after = await readOrder(orderId)
    expect(after.status).toBe('paid')
    expect(after.paymentId).toMatch(/^pi_sandbox_/)
    expect(await outboxTypes(orderId)).toEqual(['order.created', 'order.updated', 'order.paid'])
    const { totalDocs } = await payload.count({
      collection: 'stripe-events',
      where: { type: { equals: 'checkout.session.completed' } },
    })
    expect(totalDocs).toBeGreaterThan(0)

    const shown = await (await fetch(paymentUrl)).text()
    expect(shown).toContain('id="state">Paid.</p>')
    expect(shown).toContain('The shop accepted <code>checkout.session.completed</code>')
    expect(shown).not.toContain('id="pay"')
    // Paying twice changes nothing.
    expect((await post(`${paymentUrl}/pay`)).status).toBe(303)
    expect(await outboxTypes(orderId)).toEqual(['order.created', 'order.updated', 'order.paid'])
  })

  it('refunds as Stripe does: the refund answered, its signed events sent, the order refunded', async () => {
    handInConfig(payload, sandboxEnvironment())
    const { answer, product } = await checkout(2)
    const { orderId, paymentUrl } = answer.body as { orderId: number; paymentUrl: string }
    expect((await post(`${paymentUrl}/pay`)).status).toBe(303)
    const { token } = await userWithToken(payload, 'admin')
    const refund = (body: unknown) =>
      restJson('POST', `/api/orders/${orderId}/refund`, {
        headers: { authorization: `Bearer ${token}` },
        body,
      })
    const part = await refund({ amount: 50_000, reason: 'Sandbox', restock: true })
    expect(part.status).toBe(202)
    expect(part.body).toMatchObject({ object: 'refund', amount: 50_000, status: 'succeeded' })
    expect(part.body.id).toMatch(/^re_sandbox_/)
    expect(await stockOf(payload, product.id)).toBe(5)
    // The sandbox's refund.created and charge.refunded reach the webhook, signed.
    const synced = async () => {
      const { totalDocs } = await payload.count({
        collection: 'stripe-events',
        where: { type: { in: ['refund.created', 'charge.refunded'] } },
      })
      return totalDocs
    }
    const before = Date.now()
    while ((await synced()) < 2 && Date.now() - before < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await synced()).toBeGreaterThanOrEqual(2)
    expect(await readOrder(orderId)).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 500,
    })
    // Above what is left: refused before the sandbox is asked; the sandbox refuses too.
    expect((await refund({ amount: 108_001 })).status).toBe(409)
    const stripe = sandboxSdk()
    await expect(
      stripe.refunds.create({
        payment_intent: (await readOrder(orderId)).paymentId!,
        amount: 108_001,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'amount_too_large' })
    const rest = await refund({})
    expect(rest.status).toBe(202)
    expect(rest.body.amount).toBe(108_000)
    expect(await readOrder(orderId)).toMatchObject({ status: 'refunded', refunded_amount: 1580 })
    expect(await outboxTypes(orderId)).toEqual([
      'order.created',
      'order.updated',
      'order.paid',
      'order.updated',
      'order.refunded',
      'order.updated',
      'order.refunded',
    ])
  })

  it('Cancel expires the session: the order expires and its stock comes back', async () => {
    handInConfig(payload, sandboxEnvironment())
    const { answer, product } = await checkout(3)
    const { orderId, paymentUrl } = answer.body as { orderId: number; paymentUrl: string }
    expect(await stockOf(payload, product.id)).toBe(2)
    expect((await post(`${paymentUrl}/cancel`)).status).toBe(303)
    expect((await readOrder(orderId)).status).toBe('expired')
    expect(await stockOf(payload, product.id)).toBe(5)
    const shown = await (await fetch(paymentUrl)).text()
    expect(shown).toContain('id="state">Expired: nothing was paid.</p>')
    expect(shown).toContain('The shop accepted <code>checkout.session.expired</code>')
    // Pay after Cancel: too late, nothing changes.
    expect((await post(`${paymentUrl}/pay`)).status).toBe(303)
    expect((await readOrder(orderId)).status).toBe('expired')
  })

  it('a session that runs out sends checkout.session.expired (kept in the database)', async () => {
    handInConfig(payload, sandboxEnvironment())
    const { answer, product } = await checkout(1)
    const { orderId } = answer.body as { orderId: number }
    const shop = shopAt(app.baseUrl)
    expect(await expireRunOutSessions({ pool, now: new Date(), shop })).toEqual([])
    const later = new Date(Date.now() + 2 * 60 * 60_000)
    const expired = await expireRunOutSessions({ pool, now: later, shop })
    expect(expired).toContain((await readOrder(orderId)).stripeSessionId)
    expect((await readOrder(orderId)).status).toBe('expired')
    expect(await stockOf(payload, product.id)).toBe(5)
  })

  it('sends an event the shop did not accept again, until it does', async () => {
    handInConfig(payload, sandboxEnvironment())
    const { answer } = await checkout(1)
    const { orderId, paymentUrl } = answer.body as { orderId: number; paymentUrl: string }
    // The shop cannot be reached at first: the event waits for its next attempt.
    const sessionId = (await readOrder(orderId)).stripeSessionId!
    const unreachable = await finishAndNotify({
      pool,
      id: sessionId,
      how: 'pay',
      now: new Date(),
      shop: shopAt('http://127.0.0.1:9'), // the discard port: connection refused
    })
    expect(unreachable.outcome).toBe('finished')
    expect((await readOrder(orderId)).status).toBe('pending')
    const shown = await (await fetch(paymentUrl)).text()
    expect(shown).toMatch(
      /has not accepted <code>checkout.session.completed<\/code> yet \(1 attempt: fetch failed\)/,
    )
    // Not yet due: nothing is sent.
    await sendDueEvents({ pool, now: new Date(), shop: shopAt(app.baseUrl) })
    expect((await readOrder(orderId)).status).toBe('pending')

    await sendDueEvents({ pool, now: new Date(Date.now() + 10_000), shop: shopAt(app.baseUrl) })
    expect((await readOrder(orderId)).status).toBe('paid')
    expect(await (await fetch(paymentUrl)).text()).toContain('The shop accepted')
  })
})

describe('when the sandbox is off', () => {
  it('is refused under NODE_ENV=production without PAYMENT_SANDBOX=true: checkout answers 502', async () => {
    handInConfig(payload, sandboxEnvironment())
    const stripe = sandboxSdk()
    const session = await stripe.checkout.sessions.create(sessionParams(201))
    handInConfig(payload, { NODE_ENV: 'production' })
    const { answer, product } = await checkout(1)
    expect(answer.status).toBe(502)
    expect(answer.body.error).toMatch(/^No payment provider is configured/)
    expect(await stockOf(payload, product.id)).toBe(5)
    await expect(stripe.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({
      statusCode: 404,
    })
    expect((await fetch(session.url!)).status).toBe(404)
    expect((await post(`${session.url}/pay`)).status).toBe(404)

    handInConfig(payload, { PAYMENT_SANDBOX: 'true' })
    const { answer: allowed } = await checkout(1)
    expect(allowed.status).toBe(201)
    expect(allowed.body.paymentUrl).toMatch(/\/payment-sandbox\/cs_test_sandbox_/)
  })

  it('is off when STRIPE_SECRET_KEY is set: checkout goes to Stripe', async () => {
    handInConfig(payload, sandboxEnvironment())
    const session = await sandboxSdk().checkout.sessions.create(sessionParams(301))
    const stripe = await useFakeStripe(payload)
    try {
      handInConfig(payload, { PAYMENT_SANDBOX: 'true' })
      const { answer } = await checkout(1)
      expect(answer.status).toBe(201)
      expect(answer.body.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//)
      expect(stripe.sessionRequests()).toHaveLength(1)
      expect((await fetch(session.url!)).status).toBe(404)
      const direct = await fetch(`${app.baseUrl}/v1/checkout/sessions/${session.id}`, {
        headers: {
          authorization: `Bearer ${paymentSandboxApiKey(configOf(payload).identity.payloadSecret)}`,
        },
      })
      expect(direct.status).toBe(404)
    } finally {
      await stripe.stop()
    }
  })
})
