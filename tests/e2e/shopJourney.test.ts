import { mkdir } from 'node:fs/promises'

import type { Browser, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { launchBrowser } from './browser'

// The newcomer's whole journey with no Stripe key (the production build
// with PAYMENT_SANDBOX=true), as docs/shop.md walks it: check out through the API, pay on the
// sandbox's page, see the order paid in the admin panel and the delivery's payload, receive a
// verified `order.paid` on loopback, and find the order counted by the sales report.

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
let browser: Browser
let receiver: WebhookReceiver

beforeAll(async () => {
  browser = await launchBrowser()
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  await browser?.close()
  await receiver?.close()
})

async function logIn(page: Page) {
  await page.goto(`${baseUrl}/admin/login`)
  await page.fill('#field-email', credentials.adminEmail)
  await page.fill('#field-password', credentials.adminPassword)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => url.pathname === '/admin')
}

describe('the shop, offline, without a Stripe key (production build, payment sandbox)', () => {
  it('checkout, the sandbox page, Pay: paid in the admin panel, order.paid delivered, counted', async () => {
    const login = await api('/api/users/login', {
      method: 'POST',
      body: { email: credentials.adminEmail, password: credentials.adminPassword },
    })
    const token = login.body.token as string
    const subscribed = await api('/webhooks/subscriptions', {
      method: 'POST',
      apiKey: credentials.consumerApiKey,
      body: { endpoint_url: receiver.url('/orders'), events: ['order.paid'] },
    })
    expect(subscribed.status).toBe(201)
    const subscription = subscribed.body as { id: string; secret: string }
    const before = (await api('/reports/sales?period=day', { token })).body.data

    const mug = (await api('/api/products?where[slug][equals]=enamel-mug', {})).body.docs[0]
    const placed = await api('/api/orders/checkout', {
      method: 'POST',
      body: {
        items: [{ productId: mug.id, quantity: 2 }],
        customerEmail: 'newcomer@example.com',
        shippingAddress: {
          name: 'New Comer',
          line1: 'Tverskaya 1',
          city: 'Moscow',
          postal_code: '125009',
          country: 'RU',
        },
      },
    })
    expect(placed.status).toBe(201)
    const { orderId, paymentUrl, order_token } = placed.body as {
      orderId: number
      paymentUrl: string
      order_token: string
    }
    expect(new URL(paymentUrl).origin).toBe(baseUrl)
    /** The buyer's order page reads the order with the token its checkout answered. */
    const buyersOrder = async () => {
      const response = await fetch(`${baseUrl}/api/v1/orders/${orderId}`, {
        headers: { 'x-order-token': order_token },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { data: { status: string; paid_at: string | null } }).data
    }
    expect(await buyersOrder()).toMatchObject({ status: 'pending', paid_at: null })

    // The sandbox's page: a test page that says so, the order in RUB, Pay.
    const page = await browser.newPage()
    await page.goto(paymentUrl)
    await page.getByText('TEST PAGE – payment sandbox of this app').waitFor()
    expect(await page.title()).toBe(`TEST PAYMENT – Order #${orderId} – payment sandbox`)
    const total = (mug.price as number) * 2
    const rub = (value: number) =>
      `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} RUB`
    expect(await page.locator('#total').textContent()).toBe(rub(total))
    await page.click('#pay')
    await page.locator('#state', { hasText: 'Paid.' }).waitFor()
    await page.getByText('The shop accepted checkout.session.completed').waitFor()
    // Back on the storefront's order page: paid.
    expect(await buyersOrder()).toMatchObject({ status: 'paid', paid_at: expect.any(String) })
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/payment-sandbox-paid.png', fullPage: true })

    // The order is paid in the admin panel, its total in roubles.
    await logIn(page)
    await page.goto(`${baseUrl}/admin/collections/orders/${orderId}`)
    await page.locator('#field-status .rs__single-value', { hasText: /^paid$/ }).waitFor()
    await page.getByText(rub(total)).first().waitFor()
    await page.screenshot({ path: 'test-results/admin-order-paid.png', fullPage: true })

    // The receiver on loopback gets order.paid, and it verifies.
    const isOrderPaid = (post: { body: string }) => JSON.parse(post.body).type === 'order.paid'
    const posts = await receiver.waitFor((received) => received.some(isOrderPaid))
    const paidPost = posts.find(isOrderPaid)!
    const event = new Webhook(subscription.secret).verify(paidPost.body, paidPost.headers) as {
      type: string
      data: { id: number; status: string; total: number }
    }
    expect(event).toMatchObject({
      type: 'order.paid',
      data: { id: orderId, status: 'paid', total },
    })

    // The delivery and its payload, in the admin panel.
    const deliveries = await api(
      `/api/webhook-deliveries?where[subscription][equals]=${subscription.id}&where[eventType][equals]=order.paid&depth=0`,
      { token },
    )
    expect(deliveries.body.docs).toHaveLength(1)
    const deliveryId = deliveries.body.docs[0].id as number
    await page.goto(`${baseUrl}/admin/collections/webhook-deliveries/${deliveryId}`)
    await page
      .locator('.monaco-editor .view-lines', { hasText: new RegExp(`"id":\\s${orderId}\\b`) })
      .waitFor()
    await page.screenshot({ path: 'test-results/admin-delivery-payload.png', fullPage: true })

    // The sales report counts it.
    const after = (await api('/reports/sales?period=day', { token })).body.data
    expect(after.count).toBe(before.count + 1)
    expect(after.revenue).toBeCloseTo(before.revenue + total, 2)
  })
})
