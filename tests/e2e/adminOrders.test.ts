import { mkdir } from 'node:fs/promises'

import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { checkoutSessionEvent, signedWebhook } from '../helpers/fakeStripe'
import { startWebhookReceiver } from '../helpers/webhookReceiver'
import { adminToken, api, buyerAddress, subscribeSeededConsumer } from './api'
import { adminPanelAs, browserForFile } from './browser'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

/** A demo product bought by a guest: the order and its payment page (the payment sandbox's). */
async function placedOrder() {
  const products = await api('/api/products?where[slug][equals]=enamel-mug', {})
  const mug = products.body.docs[0]
  const placed = await api('/api/orders/checkout', {
    method: 'POST',
    body: {
      items: [{ productId: mug.id, quantity: 1 }],
      customerEmail: 'e2e-buyer@example.com',
      shippingAddress: buyerAddress,
    },
  })
  expect(placed.status).toBe(201)
  return placed.body as { orderId: number; paymentUrl: string }
}

/** A demo product bought by a guest and paid through a signed Stripe webhook to the server. */
async function paidOrder(token: string) {
  const { orderId } = await placedOrder()
  const order = await api(`/api/orders/${orderId}`, { token })
  const event = checkoutSessionEvent('checkout.session.completed', {
    id: order.body.stripeSessionId,
    metadata: { orderId: String(orderId) },
    // What the order's session asks: a payment of another amount would leave it unpaid.
    amount_total: Math.round(order.body.total * 100),
    currency: 'rub',
  })
  const { payload, signature } = signedWebhook(event, inject('stripeWebhookSecret'))
  const webhook = await fetch(`${baseUrl}/api/orders/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
  expect(webhook.status).toBe(200)
  expect(await webhook.json()).toEqual({ received: true })
  return orderId as number
}

const logIn = () => adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)

describe('orders in the admin panel (production build)', () => {
  it('lets an admin move a paid order to shipped', async () => {
    const token = await adminToken()
    const orderId = await paidOrder(token)
    expect((await api(`/api/orders/${orderId}`, { token })).body.status).toBe('paid')

    const page = await logIn()

    await page.goto(`${baseUrl}/admin/collections/orders/${orderId}`)
    const status = page.locator('#field-status')
    await status.waitFor()
    await status.locator('.rs__control').click()
    await page.locator('.rs__option', { hasText: /^shipped$/ }).click()
    await page.click('#action-save')
    await page
      .getByText(/updated successfully/i)
      .first()
      .waitFor()
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/admin-order-shipped.png', fullPage: true })

    expect((await api(`/api/orders/${orderId}`, { token })).body.status).toBe('shipped')
    await page.reload()
    await page.locator('#field-status .rs__single-value', { hasText: /^shipped$/ }).waitFor()
  })

  it('refuses, on the production server, an admin skipping a step', async () => {
    const token = await adminToken()
    const orderId = await paidOrder(token)
    const skipped = await api(`/api/orders/${orderId}`, {
      method: 'PATCH',
      token,
      body: { status: 'delivered' },
    })
    expect(skipped.status).toBe(400)
    expect((await api(`/api/orders/${orderId}`, { token })).body.status).toBe('paid')
  })
})

describe('refunds in the admin panel (production build)', () => {
  it('lets an admin refund part of an order from its page and shows the status and amount change', async () => {
    const token = await adminToken()
    // Paid on the payment sandbox's page, so that the sandbox knows the payment it refunds.
    const { orderId, paymentUrl } = await placedOrder()
    const paid = await fetch(`${paymentUrl}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect((await api(`/api/orders/${orderId}`, { token })).body.status).toBe('paid')

    const page = await logIn()
    await page.goto(`${baseUrl}/admin/collections/orders/${orderId}`)
    const refund = page.getByRole('group', { name: 'Refund' })
    await refund.waitFor()
    // More than was paid is refused, as the API words it.
    await refund.locator('input[name="refund-amount"]').fill('100000')
    await refund.getByRole('button', { name: 'Refund' }).click()
    await refund
      .getByRole('alert')
      .filter({ hasText: /left to refund/ })
      .waitFor()

    await refund.locator('input[name="refund-amount"]').fill('2.50')
    await refund.locator('input[name="refund-reason"]').fill('Chipped handle')
    await refund.getByRole('button', { name: 'Refund' }).click()
    await page
      .locator('#field-status .rs__single-value', { hasText: /^partially_refunded$/ })
      .waitFor()
    await page.locator('.money-field output', { hasText: '2.50 RUB' }).waitFor()
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/admin-order-refunded.png', fullPage: true })

    const order = (await api(`/api/orders/${orderId}`, { token })).body
    expect(order).toMatchObject({ status: 'partially_refunded', refunded_amount: 2.5 })
  })
})

describe('readable admin lists and final statuses', () => {
  it('offers a paid order only its next step and shows a cancelled order read-only', async () => {
    const token = await adminToken()
    const paidId = await paidOrder(token)
    const cancelled = await placedOrder()
    const cancel = await fetch(`${cancelled.paymentUrl}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(cancel.status).toBe(303)
    expect((await api(`/api/orders/${cancelled.orderId}`, { token })).body.status).toBe('expired')

    const page = await logIn()
    await page.goto(`${baseUrl}/admin/collections/orders/${paidId}`)
    await page.locator('#field-status .rs__control').click()
    const options = page.locator('.rs__option')
    await options.first().waitFor()
    expect(await options.allTextContents()).toEqual(['paid', 'shipped'])

    await page.goto(`${baseUrl}/admin/collections/orders/${cancelled.orderId}`)
    await page.locator('#field-status .rs__control--is-disabled').waitFor()
    await page.locator('#field-status .rs__single-value', { hasText: /^expired$/ }).waitFor()
    // The order says why it ended, read-only.
    const reason = page.locator('#field-statusReason')
    await reason.waitFor()
    expect(await reason.inputValue()).toBe(
      'Expired: the payment session ended without payment. Nothing was charged.',
    )
    expect(await reason.isEditable()).toBe(false)

    await page.goto(`${baseUrl}/admin/collections/orders?limit=100`)
    await page.getByRole('link', { name: `Order #${paidId}`, exact: true }).waitFor()
    await page.getByText('790.00 RUB').first().waitFor()
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/admin-orders-list.png', fullPage: true })
  })

  it('lists subscriptions with their event types and Yes/No, not raw JSON and chips', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const subscribed = await subscribeSeededConsumer(receiver.url('/everything'), ['*'])
      expect(subscribed.status).toBe(201)
      const page = await logIn()
      await page.goto(`${baseUrl}/admin/collections/webhook-subscriptions?limit=100`)
      const row = page.locator('tr', { hasText: receiver.url('/everything') })
      await row.waitFor()
      expect(await row.textContent()).toContain('All events')
      expect(await row.textContent()).toContain('Yes')
      expect(await row.textContent()).not.toContain('["*"]')
      await page.screenshot({ path: 'test-results/admin-subscriptions-list.png', fullPage: true })
    } finally {
      await receiver.close()
    }
  })
})
