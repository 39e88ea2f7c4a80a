import { createLocalReq, type Payload } from 'payload'
import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'

import { stripeWebhookInput } from '@/shop/contracts/stripeWebhook'
import type { Order } from '../../src/payload-types'
import { handleStripeEvent } from '../../src/shop/operations/handleStripeEvent'
import { checkoutSessionEvent, signedWebhook, type FakeStripe } from '../helpers/fakeStripe'
import { restJson } from '../helpers/rest'
import { address, createProduct, stockOf, shopHarness } from '../helpers/shop'

const store = shopHarness()
let payload: Payload
let stripe: FakeStripe
const secret = 'whsec_test_secret'

beforeAll(async () => {
  ;({ payload, stripe } = await store.start())
})

/** A pending order placed through checkout, with its Stripe session and product. */
async function placeOrder(quantity = 2) {
  const product = await createProduct(payload, { stock: 5 })
  const response = await restJson('POST', '/api/orders/checkout', {
    body: {
      items: [{ productId: product.id, quantity }],
      customerEmail: 'payer@example.com',
      shippingAddress: address,
    },
  })
  expect(response.status).toBe(201)
  const order = await payload.findByID({ collection: 'orders', id: response.body.orderId })
  const session = stripe.sessions.get(order.stripeSessionId!)!
  return { order, session, product }
}

function deliver(event: object, options: { secret?: string; signature?: string | null } = {}) {
  const { payload: body, signature } = signedWebhook(event, options.secret ?? secret)
  const headers: Record<string, string> = {}
  if (options.signature !== null) headers['stripe-signature'] = options.signature ?? signature
  return restJson('POST', '/api/orders/webhook/stripe', { rawBody: body, headers })
}

const readOrder = (id: number) =>
  payload.findByID({ collection: 'orders', id, depth: 0 }) as Promise<Order>

const processedEvents = async (eventId: string) =>
  (await payload.count({ collection: 'stripe-events', where: { eventId: { equals: eventId } } }))
    .totalDocs

describe('POST /api/orders/webhook/stripe: signature', () => {
  it('answers 400 { error } without a signature, with a wrong secret, or a tampered body', async () => {
    const { order, session } = await placeOrder()
    const event = checkoutSessionEvent('checkout.session.completed', session)

    const missing = await deliver(event, { signature: null })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ error: 'Missing Stripe-Signature header' })

    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' })
    expect(wrongSecret.status).toBe(400)
    expect(wrongSecret.body).toEqual({ error: expect.stringMatching(/^Invalid Stripe signature/) })

    const { payload: body, signature } = signedWebhook(event, secret)
    const tampered = await restJson('POST', '/api/orders/webhook/stripe', {
      rawBody: body.replace('"complete"', '"completed"'),
      headers: { 'stripe-signature': signature },
    })
    expect(tampered.status).toBe(400)

    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    })
    const replayed = await restJson('POST', '/api/orders/webhook/stripe', {
      rawBody: JSON.stringify(event),
      headers: { 'stripe-signature': stale },
    })
    expect(replayed.status).toBe(400)

    expect((await readOrder(order.id)).status).toBe('pending')
    expect(await processedEvents(event.id)).toBe(0)
  })

  it('verifies the raw body byte for byte (pretty-printed JSON, as sent)', async () => {
    const { session } = await placeOrder()
    const event = checkoutSessionEvent('checkout.session.completed', session)
    const { payload: body } = signedWebhook(event, secret)
    expect(body).toContain('\n  ')
    expect((await deliver(event)).status).toBe(200)
  })
})

describe('POST /api/orders/webhook/stripe: events', () => {
  it('marks the order paid on checkout.session.completed, with paymentId and paid_at', async () => {
    const { order, session } = await placeOrder()
    const event = checkoutSessionEvent('checkout.session.completed', session, {
      paymentIntent: 'pi_test_123',
    })
    const response = await deliver(event)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ received: true })
    const paid = await readOrder(order.id)
    expect(paid).toMatchObject({ status: 'paid', paymentId: 'pi_test_123' })
    expect(Date.parse(paid.paid_at!)).toBe(event.created * 1000)
  })

  it('expires a pending order on checkout.session.expired and releases its stock', async () => {
    const { order, session, product } = await placeOrder(2)
    expect(await stockOf(payload, product.id)).toBe(3)
    const response = await deliver(checkoutSessionEvent('checkout.session.expired', session))
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ received: true })
    expect((await readOrder(order.id)).status).toBe('expired')
    expect(await stockOf(payload, product.id)).toBe(5)
  })

  it('leaves a paid order paid when the expiry arrives after the completion', async () => {
    const { order, session, product } = await placeOrder(2)
    await deliver(checkoutSessionEvent('checkout.session.completed', session))
    const late = await deliver(checkoutSessionEvent('checkout.session.expired', session))
    expect(late.status).toBe(200)
    expect((await readOrder(order.id)).status).toBe('paid')
    expect(await stockOf(payload, product.id)).toBe(3)
  })

  it('changes the order once when the same event is delivered twice', async () => {
    const { order, session } = await placeOrder()
    const event = checkoutSessionEvent('checkout.session.completed', session)
    expect((await deliver(event)).status).toBe(200)
    const first = await readOrder(order.id)
    const again = await deliver(event)
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ received: true })
    expect((await readOrder(order.id)).updatedAt).toBe(first.updatedAt)
    expect(await processedEvents(event.id)).toBe(1)
  })

  it('releases stock once when the same expiry arrives ten times at once', async () => {
    const { order, session, product } = await placeOrder(2)
    const event = checkoutSessionEvent('checkout.session.expired', session)
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(event)))
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200))
    expect((await readOrder(order.id)).status).toBe('expired')
    expect(await stockOf(payload, product.id)).toBe(5)
    expect(await processedEvents(event.id)).toBe(1)
  })

  it('pays once when the same completion arrives five times at once', async () => {
    const { order, session } = await placeOrder()
    const event = checkoutSessionEvent('checkout.session.completed', session, {
      paymentIntent: 'pi_concurrent',
    })
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(event)))
    expect(responses.map((response) => response.status)).toEqual(Array(5).fill(200))
    expect(await readOrder(order.id)).toMatchObject({ status: 'paid', paymentId: 'pi_concurrent' })
    expect(await processedEvents(event.id)).toBe(1)
  })

  it('records the event id first: concurrent copies come out as one `paid` and the rest `duplicate`', async () => {
    const { order, session } = await placeOrder()
    const event = checkoutSessionEvent('checkout.session.completed', session) as Stripe.Event
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, async () =>
        handleStripeEvent({ req: await createLocalReq({}, payload), event }),
      ),
    )
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'paid'])
    expect(await handleStripeEvent({ req: await createLocalReq({}, payload), event })).toBe(
      'duplicate',
    )
    expect((await readOrder(order.id)).status).toBe('paid')
  })

  it('lets a completion and an expiry racing each other settle on one outcome', async () => {
    const { order, session, product } = await placeOrder(2)
    await Promise.all([
      deliver(checkoutSessionEvent('checkout.session.completed', session)),
      deliver(checkoutSessionEvent('checkout.session.expired', session)),
    ])
    const { status } = await readOrder(order.id)
    expect(['paid', 'expired']).toContain(status)
    expect(await stockOf(payload, product.id)).toBe(status === 'paid' ? 3 : 5)
  })

  it('answers 200 to an event naming an unknown order, and changes nothing', async () => {
    const event = checkoutSessionEvent('checkout.session.completed', {
      id: 'cs_test_unknown',
      metadata: { orderId: '99999999' },
    })
    const response = await deliver(event)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ received: true })
    const noReference = await deliver(
      checkoutSessionEvent('checkout.session.completed', { id: 'cs_test_x', metadata: {} }),
    )
    expect(noReference.status).toBe(200)
  })

  it('ignores a session that is not the order’s own', async () => {
    const { order } = await placeOrder()
    const event = checkoutSessionEvent('checkout.session.completed', {
      id: 'cs_test_forged',
      metadata: { orderId: String(order.id) },
    })
    expect((await deliver(event)).status).toBe(200)
    expect((await readOrder(order.id)).status).toBe('pending')
  })

  it('answers 200 { received: true } to verified events it does not handle', async () => {
    const response = await deliver({
      id: 'evt_unhandled_1',
      object: 'event',
      type: 'payment_intent.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ received: true })
  })

  it('answers 200 to a verified event whose id or type holds a NUL (which cannot be stored), and records nothing', async () => {
    // Found by the API fuzzer: such an event was a 400, which Stripe retries for days.
    for (const [id, type] of [
      ['evt_nul\u0000inside', 'payment_intent.created'],
      ['evt_nul_type', 'nul\u0000inside'],
      ['evt_nul_session', 'checkout.session.completed\u0000'],
    ]) {
      const response = await deliver({
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'cs_nul', object: 'checkout.session', metadata: {} } },
      })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      expect(response.body).toEqual({ received: true })
    }
    expect(await processedEvents('evt_nul_type')).toBe(0)
  })

  it('does not read an event whose type holds a NUL as one it understands (its schema refuses it)', () => {
    const event = (type: string) => ({
      id: 'evt_schema',
      type,
      created: 1,
      data: { object: { id: 'cs_1', metadata: {} } },
    })
    expect(stripeWebhookInput.safeParse(event('refund.updated')).success).toBe(true)
    expect(stripeWebhookInput.safeParse(event('checkout.session.completed')).success).toBe(true)
    expect(stripeWebhookInput.safeParse(event('refund.updated\u0000')).success).toBe(false)
    expect(stripeWebhookInput.safeParse(event('checkout.session.completed\u0000')).success).toBe(
      false,
    )
  })
})
