import { randomBytes } from 'node:crypto'

import config from '@payload-config'
import { createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { AuditLog, User } from '../../src/payload-types'
import { seedWebhookEventTypes } from '../../seed/webhooks'
import { checkoutSessionEvent, signedWebhook, type FakeStripe } from '../helpers/fakeStripe'
import { consumerWithKey, userWithToken, type UserWithToken } from '../helpers/identities'
import { rest, restJson } from '../helpers/rest'
import { address, createProduct, shopHarness } from '../helpers/shop'

// The audit trail (issue 50, item 3): every change by a person, a key or the system's work,
// every login and logout, and the operations that are not collection writes, each one entry
// with its actor, target and changed fields, in the change's own transaction.

const store = shopHarness()
let payload: Payload
let stripe: FakeStripe
let admin: UserWithToken
const stripeSecret = 'whsec_test_secret'
const unique = () => randomBytes(4).toString('hex')

beforeAll(async () => {
  ;({ payload, stripe } = await store.start())
  await seedWebhookEventTypes(payload)
  admin = await userWithToken(payload, 'admin')
})

beforeEach(() => {
  stripe.sendEventsTo(deliver)
  stripe.setRefundStatusOnCreate('succeeded')
})

/** The entries about one document, oldest first. */
async function entriesOf(collection: string, id: number | string): Promise<AuditLog[]> {
  const { docs } = await payload.find({
    collection: 'audit-log',
    where: { targetCollection: { equals: collection }, targetId: { equals: String(id) } },
    sort: 'id',
    depth: 0,
    limit: 0,
  })
  return docs
}

const bearer = (user: UserWithToken) => ({ authorization: `Bearer ${user.token}` })

async function deliver(event: object) {
  const { payload: body, signature } = signedWebhook(event, stripeSecret)
  const response = await restJson('POST', '/api/orders/webhook/stripe', {
    rawBody: body,
    headers: { 'stripe-signature': signature },
  })
  expect(response.status).toBe(200)
}

describe('what the issue measured (finding 3)', () => {
  it('records logins (success and failure), a logout, a role change, a portal opened by an admin, a refund and the admin action', async () => {
    const customer = await userWithToken(payload, 'customer')
    const fromAddress = { 'x-forwarded-for': '203.0.113.7' }

    const login = await restJson('POST', '/api/users/login', {
      headers: fromAddress,
      body: { email: customer.email, password: customer.password },
    })
    expect(login.status).toBe(200)
    const wrong = await restJson('POST', '/api/users/login', {
      headers: fromAddress,
      body: { email: customer.email, password: 'not-the-password' },
    })
    expect(wrong.status).toBe(401)
    const logout = await restJson('POST', '/api/users/logout', {
      headers: { authorization: `Bearer ${login.body.token}` },
    })
    expect(logout.status).toBe(200)

    const logins = await entriesOf('users', customer.user.id)
    expect(logins.map((entry) => entry.action)).toEqual(['login', 'login', 'logout'])
    expect(logins[1]).toMatchObject({
      actorType: 'user',
      user: customer.user.id,
      via: 'password',
      clientAddress: '203.0.113.7',
      source: 'recorded',
    })
    const { docs: failed } = await payload.find({
      collection: 'audit-log',
      where: { action: { equals: 'login-failed' }, actorName: { equals: customer.email } },
    })
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ actorType: 'anonymous', clientAddress: '203.0.113.7' })
    expect(JSON.stringify(failed[0])).not.toContain('not-the-password')

    const promoted = await restJson('PATCH', `/api/users/${customer.user.id}`, {
      headers: bearer(admin),
      body: { role: 'editor' },
    })
    expect(promoted.status).toBe(200)
    const roleChange = (await entriesOf('users', customer.user.id)).at(-1)!
    expect(roleChange).toMatchObject({
      action: 'role-change',
      actorType: 'user',
      user: admin.user.id,
      changes: { role: { from: 'customer', to: 'editor' } },
    })
    expect(roleChange.via).toMatch(/^session /)

    const { consumer } = await consumerWithKey(payload, 'Portal opened')
    const opened = await rest('POST', `/api/consumers/${consumer.id}/portal-link`, {
      headers: bearer(admin),
      body: {},
    })
    expect(opened.status).toBe(201)
    expect((await entriesOf('consumers', consumer.id)).at(-1)).toMatchObject({
      action: 'portal-open',
      user: admin.user.id,
      data: { openedBy: `admin:${admin.user.id}` },
    })

    const order = await paidOrder()
    const refunded = await restJson('POST', `/api/orders/${order}/refund`, {
      headers: bearer(admin),
      body: { amount: 1000, reason: 'Damaged' },
    })
    expect(refunded.status).toBe(202)
    const orderEntries = await entriesOf('orders', order)
    // Placed by a guest, paid by Stripe's event (the system's change), refunded by the admin.
    expect(orderEntries[0]).toMatchObject({ action: 'create', actorType: 'anonymous' })
    expect(orderEntries.find((entry) => entry.action === 'update')).toMatchObject({
      actorType: 'system',
      via: 'Stripe webhook',
      changes: { status: { from: 'pending', to: 'paid' } },
    })
    expect(orderEntries.at(-1)).toMatchObject({
      action: 'refund',
      user: admin.user.id,
      data: { amount: 1000, reason: 'Damaged' },
    })

    const action = await restJson('POST', '/api/admin-action', {
      headers: bearer(admin),
      body: { action: 'publish', note: 'posing as a publication' },
    })
    expect(action.status).toBe(200)
    const { docs: posted } = await payload.find({
      collection: 'audit-log',
      where: { action: { equals: 'publish' }, user: { equals: admin.user.id } },
    })
    expect(posted).toHaveLength(1)
    expect(posted[0]).toMatchObject({ source: 'caller-given', targetCollection: null })
  })

  it('records a secret rotation without the secret', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Rotating')
    const created = await restJson('POST', '/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: 'https://hooks.example.com/in', events: ['order.paid'] },
    })
    expect(created.status).toBe(201)
    const rotated = await restJson(
      'POST',
      `/webhooks/subscriptions/${created.body.id}/rotate-secret`,
      {
        headers: { 'x-api-key': apiKey },
      },
    )
    expect(rotated.status).toBe(200)
    const entries = await entriesOf('webhook-subscriptions', created.body.id)
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'secret-rotation'])
    expect(entries[1]).toMatchObject({
      actorType: 'consumer',
      via: 'X-API-Key',
      changes: { secret: { hidden: 'secret' } },
    })
    const text = JSON.stringify(entries)
    expect(text).not.toContain(rotated.body.secret)
    expect(text).not.toContain(created.body.secret)
    expect(text).not.toContain(apiKey)
  })
})

/** A paid order (checkout, then Stripe's completion event); returns its id. */
async function paidOrder(): Promise<number> {
  const product = await createProduct(payload, { stock: 5, price: 790 })
  const placed = await restJson('POST', '/api/orders/checkout', {
    body: {
      items: [{ productId: product.id, quantity: 2 }],
      customerEmail: 'audited@example.com',
      shippingAddress: address,
    },
  })
  expect(placed.status).toBe(201)
  const pending = await payload.findByID({ collection: 'orders', id: placed.body.orderId })
  const session = stripe.completeSession(pending.stripeSessionId!)
  await deliver(
    checkoutSessionEvent('checkout.session.completed', session, {
      paymentIntent: session.payment_intent as string,
    }),
  )
  return pending.id
}
