import type { Payload } from 'payload'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { Order } from '../../src/payload-types'
import { checkoutSessionEvent, signedWebhook, type FakeStripe } from '../helpers/fakeStripe'
import { userWithToken, signedInAs } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { address, createProduct, stockOf, shopHarness } from '../helpers/shop'

const store = shopHarness()
let payload: Payload
let stripe: FakeStripe
let admin: Record<string, string>
let adminId: number
let otherAdmin: { authorization: string }
const secret = 'whsec_test_secret'

/** Posts `event` to the app's Stripe webhook, signed as Stripe signs it. */
async function deliver(event: object) {
  const { payload: body, signature } = signedWebhook(event, secret)
  const response = await restJson('POST', '/api/orders/webhook/stripe', {
    rawBody: body,
    headers: { 'stripe-signature': signature },
  })
  expect(response.status).toBe(200)
  return response
}

beforeAll(async () => {
  ;({ payload, stripe } = await store.start())
  const first = await userWithToken(payload, 'admin')
  admin = { authorization: `Bearer ${first.token}` }
  adminId = first.user.id
  otherAdmin = await signedInAs(payload, 'admin')
})

beforeEach(() => {
  // Stripe's events reach the webhook as Stripe sends them: after the answer, signed.
  stripe.sendEventsTo(deliver)
  stripe.setRefundStatusOnCreate('succeeded')
})

/** A paid order of 2 × 790.00 RUB (158,000 kopecks), through checkout and Stripe's event. */
async function paidOrder(quantity = 2) {
  const product = await createProduct(payload, { stock: 5, price: 790 })
  const placed = await restJson('POST', '/api/orders/checkout', {
    body: {
      items: [{ productId: product.id, quantity }],
      customerEmail: 'refunded@example.com',
      shippingAddress: address,
    },
  })
  expect(placed.status).toBe(201)
  const pending = await readOrder(placed.body.orderId)
  const session = stripe.completeSession(pending.stripeSessionId!)
  await deliver(
    checkoutSessionEvent('checkout.session.completed', session, {
      paymentIntent: session.payment_intent as string,
    }),
  )
  const order = await readOrder(pending.id)
  expect(order.status).toBe('paid')
  return { order, product, token: placed.body.order_token as string }
}

const readOrder = (id: number) =>
  payload.findByID({ collection: 'orders', id, depth: 0 }) as Promise<Order>

const refund = (id: number, body: unknown, headers: Record<string, string> = admin) =>
  restJson('POST', `/api/orders/${id}/refund`, { body, headers })

async function refundedEvents(orderId: number) {
  const { rows } = await payload.db.pool.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM webhook_outbox WHERE type = 'order.refunded' AND data->>'id' = $1
     ORDER BY occurred_at`,
    [String(orderId)],
  )
  return rows.map((row) => row.data)
}

async function refundRows(orderId: number) {
  const { rows } = await payload.db.pool.query(
    `SELECT stripe_refund_id, amount, status, reason, failure_reason, is_restocked, requested_by
     FROM order_refunds WHERE order_id = $1 ORDER BY id`,
    [orderId],
  )
  return rows
}

const stripeRefundCalls = () =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds')

describe('POST /api/orders/{id}/refund', () => {
  it('refunds part of an order, then the rest: 202 with the refund, Stripe events set the amount and status', async () => {
    const { order, token } = await paidOrder()

    const part = await refund(order.id, { amount: 50_000, reason: 'One mug arrived broken' })
    expect(part.status).toBe(202)
    expect(part.body).toMatchObject({
      object: 'refund',
      amount: 50_000,
      status: 'succeeded',
      payment_intent: order.paymentId,
      metadata: { orderId: String(order.id), reason: 'One mug arrived broken' },
    })
    const call = stripeRefundCalls().at(-1)!
    expect(call.headers['idempotency-key']).toMatch(new RegExp(`^order-${order.id}-`))
    await stripe.eventsSent()
    expect(await readOrder(order.id)).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 500,
    })

    const rest = await refund(order.id, {})
    expect(rest.status).toBe(202)
    expect(rest.body.amount).toBe(108_000)
    await stripe.eventsSent()
    expect(await readOrder(order.id)).toMatchObject({ status: 'refunded', refunded_amount: 1580 })

    expect(await refundedEvents(order.id)).toEqual([
      expect.objectContaining({
        id: order.id,
        status: 'partially_refunded',
        amount: 500,
        refunded_amount: 500,
        reason: 'One mug arrived broken',
        refund_id: part.body.id,
      }),
      expect.objectContaining({
        status: 'refunded',
        amount: 1080,
        refunded_amount: 1580,
        reason: null,
        refund_id: rest.body.id,
      }),
    ])
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({ amount: 50_000, status: 'succeeded', requested_by: adminId }),
      expect.objectContaining({ amount: 108_000, status: 'succeeded' }),
    ])

    // The buyer's order page shows them.
    const mine = await restJson('GET', `/api/v1/orders/${order.id}`, {
      headers: { 'x-order-token': token },
    })
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({
      status: 'refunded',
      refunded_amount: 1580,
      refunds: [
        { amount: 500, status: 'succeeded', reason: 'One mug arrived broken' },
        { amount: 1080, status: 'succeeded', reason: null },
      ],
    })
    expect(mine.body.data.refunds[0]).not.toHaveProperty('stripe_refund_id')

    // Nothing is left: refused before Stripe is asked.
    const calls = stripeRefundCalls().length
    const more = await refund(order.id, { amount: 1 })
    expect(more.status).toBe(409)
    expect(more.body.error).toMatchObject({ code: 'conflict' })
    expect(stripeRefundCalls()).toHaveLength(calls)
  })

  it('puts the units back through the stock-adjustment ledger, once, naming the order, who and why', async () => {
    const { order, product } = await paidOrder(2)
    expect(await stockOf(payload, product.id)).toBe(3)
    const first = await refund(order.id, { amount: 10_000, reason: 'Returned', restock: true })
    expect(first.status).toBe(202)
    expect(await stockOf(payload, product.id)).toBe(5)
    const adjustments = await payload.find({
      collection: 'stock-adjustments',
      where: { order: { equals: order.id } },
      depth: 0,
    })
    expect(adjustments.docs).toEqual([
      expect.objectContaining({
        product: product.id,
        delta: 2,
        resultingStock: 5,
        reason: `Refund of Order #${order.id}: Returned`,
        user: adminId,
      }),
    ])
    const again = await refund(order.id, { amount: 10_000, restock: true })
    expect(again.status).toBe(202)
    expect(await stockOf(payload, product.id)).toBe(5)
    const without = await refund(order.id, { amount: 10_000 })
    expect(without.status).toBe(202)
    expect(await stockOf(payload, product.id)).toBe(5)
  })

  it('refuses an unpaid order, an amount above what is left, bad input and anyone but an admin', async () => {
    const product = await createProduct(payload, { stock: 5, price: 790 })
    const placed = await restJson('POST', '/api/orders/checkout', {
      body: {
        items: [{ productId: product.id, quantity: 1 }],
        customerEmail: 'unpaid@example.com',
        shippingAddress: address,
      },
    })
    const calls = stripeRefundCalls().length
    const unpaid = await refund(placed.body.orderId, {})
    expect(unpaid.status).toBe(409)
    expect(unpaid.body.error.message).toMatch(/is pending: only a paid order can be refunded/)

    const { order } = await paidOrder(1)
    const tooMuch = await refund(order.id, { amount: 79_001 })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.error.message).toBe(
      'Only 790.00 RUB is left to refund of this order: 790.01 RUB is more',
    )

    for (const body of [
      { amount: 0 },
      { amount: 1.5 },
      { amount: '100' },
      { reason: 7 },
      { other: 1 },
    ]) {
      const bad = await refund(order.id, body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(bad.body.error.code).toBe('validation_failed')
    }
    expect((await refund(999_999, {})).status).toBe(404)
    expect((await refund(order.id, {}, {})).status).toBe(401)
    for (const role of ['customer', 'editor'] as const) {
      const { token } = await userWithToken(payload, role)
      const forbidden = await refund(order.id, {}, { authorization: `Bearer ${token}` })
      expect(forbidden.status, role).toBe(403)
    }
    expect(stripeRefundCalls()).toHaveLength(calls)
    expect((await readOrder(order.id)).status).toBe('paid')
  })

  it('answers 409 with Stripe’s message when Stripe refuses, recording nothing', async () => {
    const { order } = await paidOrder(1)
    // Refunded in Stripe's dashboard while its events have not arrived yet.
    stripe.sendEventsTo(undefined)
    stripe.dashboardRefund(order.paymentId!, 79_000)
    const refused = await refund(order.id, { amount: 100 })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toMatch(
      /Stripe refused the refund: Charge .* already been refunded/,
    )
    expect(await refundRows(order.id)).toEqual([])
  })

  it('lets only one of two administrators refund what is left at once', async () => {
    const { order } = await paidOrder(2)
    const [a, b] = await Promise.all([
      refund(order.id, { amount: 100_000 }),
      refund(order.id, { amount: 100_000 }, otherAdmin),
    ])
    expect([a.status, b.status].sort()).toEqual([202, 409])
    await stripe.eventsSent()
    expect(await readOrder(order.id)).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 1000,
    })
    expect(stripe.refunds.size).toBeGreaterThan(0)
    const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === order.paymentId)
    expect(made.map((r) => r.amount)).toEqual([100_000])
  })
})

describe("Stripe's refund events", () => {
  it('change nothing when the same event comes twice', async () => {
    const { order } = await paidOrder(1)
    await refund(order.id, { amount: 30_000 })
    await stripe.eventsSent()
    const before = await readOrder(order.id)
    const events = stripe.events.filter(
      (e) => (e.data.object as { payment_intent?: string }).payment_intent === order.paymentId,
    )
    expect(events.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded'])
    for (const event of events) await deliver(event)
    const after = await readOrder(order.id)
    expect(after).toMatchObject({ status: 'partially_refunded', refunded_amount: 300 })
    expect(after.updatedAt).toBe(before.updatedAt)
    expect(await refundedEvents(order.id)).toHaveLength(1)
  })

  it('end in the state Stripe has, whatever order they arrive in', async () => {
    const { order } = await paidOrder(1)
    stripe.setRefundStatusOnCreate('pending')
    stripe.sendEventsTo(undefined)
    const asked = await refund(order.id, { amount: 20_000 })
    expect(asked.body.status).toBe('pending')
    // A pending refund counts against what is left, but is not refunded yet.
    expect(await readOrder(order.id)).toMatchObject({ status: 'paid', refunded_amount: 0 })
    stripe.settleRefund(asked.body.id, 'succeeded')
    const [created, chargeRefunded, updated] = stripe.events.filter(
      (e) => (e.data.object as { payment_intent?: string }).payment_intent === order.paymentId,
    )
    expect([created?.type, chargeRefunded?.type, updated?.type]).toEqual([
      'refund.created',
      'charge.refunded',
      'refund.updated',
    ])
    // The newest first, then the older ones (their snapshots say pending).
    await deliver(updated!)
    expect(await readOrder(order.id)).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 200,
    })
    await deliver(chargeRefunded!)
    await deliver(created!)
    expect(await readOrder(order.id)).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 200,
    })
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({ amount: 20_000, status: 'succeeded' }),
    ])
    expect(await refundedEvents(order.id)).toHaveLength(1)
  })

  it("pick up a refund made in Stripe's dashboard", async () => {
    const { order, product } = await paidOrder(2)
    stripe.dashboardRefund(order.paymentId!, 158_000)
    await stripe.eventsSent()
    expect(await readOrder(order.id)).toMatchObject({ status: 'refunded', refunded_amount: 1580 })
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({
        amount: 158_000,
        status: 'succeeded',
        reason: null,
        requested_by: null,
        is_restocked: false,
      }),
    ])
    expect(await refundedEvents(order.id)).toEqual([
      expect.objectContaining({ amount: 1580, refunded_amount: 1580, reason: null }),
    ])
    // Nothing comes back to the shelf without an administrator saying so.
    expect(await stockOf(payload, product.id)).toBe(3)
  })

  it('show a failed refund, and the order is paid again', async () => {
    const { order, token } = await paidOrder(1)
    stripe.setRefundStatusOnCreate('pending')
    const asked = await refund(order.id, { amount: 79_000, reason: 'Changed their mind' })
    await stripe.eventsSent()
    stripe.settleRefund(asked.body.id, 'succeeded')
    await stripe.eventsSent()
    expect(await readOrder(order.id)).toMatchObject({ status: 'refunded', refunded_amount: 790 })
    // Stripe could not return the money after all (the card was closed).
    stripe.settleRefund(asked.body.id, 'failed')
    await stripe.eventsSent()
    expect(await readOrder(order.id)).toMatchObject({ status: 'paid', refunded_amount: 0 })
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({ status: 'failed', failure_reason: 'expired_or_canceled_card' }),
    ])
    const mine = await restJson('GET', `/api/v1/orders/${order.id}`, {
      headers: { 'x-order-token': token },
    })
    expect(mine.body.data.refunds).toEqual([
      expect.objectContaining({ amount: 790, status: 'failed' }),
    ])
    // What failed is left to refund again.
    const again = await refund(order.id, {})
    expect(again.status).toBe(202)
    expect(again.body.amount).toBe(79_000)
  })

  it('refuse a refund asked beside an event for the same order without losing either', async () => {
    const { order } = await paidOrder(2)
    stripe.sendEventsTo(undefined)
    stripe.dashboardRefund(order.paymentId!, 8_000)
    const dashboardEvents = stripe.events.slice(-2)
    const [asked] = await Promise.all([
      refund(order.id, { amount: 150_000 }),
      ...dashboardEvents.map((event) => deliver(event)),
    ])
    expect(asked.status).toBe(202)
    // Events of the refund asked for, delivered now.
    for (const event of stripe.events.slice(-2)) await deliver(event)
    expect(await readOrder(order.id)).toMatchObject({ status: 'refunded', refunded_amount: 1580 })
    expect(await refundedEvents(order.id)).toHaveLength(2)
  })
})
