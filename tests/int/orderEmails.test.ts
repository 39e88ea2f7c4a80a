import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  checkoutSessionEvent,
  type FakeStripe,
  signedWebhook,
  startFakeStripe,
} from '../helpers/fakeStripe'
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtpSink'
import { address, createProduct, fakeStripeSettings } from '../helpers/shop'
import { userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { sendOrderNotices } from '../../src/shop/notices/sendOrderNotices'

let smtp: SmtpSink
let payload: Payload
let stripe: FakeStripe
let adminAuthorization: string
let adminEmail: string
const secret = 'whsec_test_secret'

beforeAll(async () => {
  smtp = await startSmtpSink()
  stripe = await startFakeStripe()
  payload = await getTestPayload({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    ORDER_NOTICE_INTERVAL_SECONDS: '0.2',
    ...fakeStripeSettings(stripe),
  })
  const admin = await userWithToken(payload, 'admin')
  adminAuthorization = `Bearer ${admin.token}`
  adminEmail = admin.email
  stripe.sendEventsTo(async (event) => {
    const { payload: body, signature } = signedWebhook(event, secret)
    await restJson('POST', '/api/orders/webhook/stripe', {
      rawBody: body,
      headers: { 'stripe-signature': signature },
    })
  })
})

afterAll(async () => {
  await smtp?.close()
  await stripe?.stop()
})

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address)

/** The decoded parts of a message: its text and HTML alternatives. */
function parts(mail: ReceivedMail) {
  const decoded = mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return {
    isAlternative: /Content-Type: multipart\/alternative/i.test(mail.raw),
    hasText: /Content-Type: text\/plain/i.test(mail.raw),
    hasHtml: /Content-Type: text\/html/i.test(mail.raw),
    decoded,
  }
}

describe("the buyer's e-mails", () => {
  it('sends a receipt when the order is paid and a notice for each refund, once each, text and HTML', async () => {
    const buyer = `buyer-${Date.now()}@example.com`
    const product = await createProduct(payload, { stock: 5, price: 790, name: 'Enamel mug' })
    const placed = await restJson('POST', '/api/orders/checkout', {
      body: {
        items: [{ productId: product.id, quantity: 2 }],
        customerEmail: buyer,
        shippingAddress: address,
      },
    })
    expect(placed.status).toBe(201)
    const orderId: number = placed.body.orderId
    const order = await payload.findByID({ collection: 'orders', id: orderId })
    // Nothing is owed before the payment.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.received.filter(to(buyer))).toEqual([])

    const session = stripe.completeSession(order.stripeSessionId!)
    const completed = checkoutSessionEvent('checkout.session.completed', session, {
      paymentIntent: session.payment_intent as string,
    })
    const { payload: body, signature } = signedWebhook(completed, secret)
    await restJson('POST', '/api/orders/webhook/stripe', {
      rawBody: body,
      headers: { 'stripe-signature': signature },
    })
    // Stripe sends the event again: still one receipt.
    await restJson('POST', '/api/orders/webhook/stripe', {
      rawBody: body,
      headers: { 'stripe-signature': signature },
    })

    const receipt = await smtp.waitFor(to(buyer))
    expect(receipt.subject).toBe(`Your receipt for Order #${orderId}`)
    const receiptParts = parts(receipt)
    expect(receiptParts).toMatchObject({ isAlternative: true, hasText: true, hasHtml: true })
    expect(receiptParts.decoded).toContain('Enamel mug')
    expect(receiptParts.decoded).toContain('Total paid: 1,580.00 RUB')
    expect(receiptParts.decoded).toContain('<h1>Thank you for your order</h1>')

    const refunded = await restJson('POST', `/api/orders/${orderId}/refund`, {
      headers: { authorization: adminAuthorization },
      body: { amount: 50_000, reason: 'One mug arrived broken' },
    })
    expect(refunded.status).toBe(202)
    await stripe.eventsSent()
    const notice = await smtp.waitFor(
      (mail) => to(buyer)(mail) && mail.subject.includes('refunded'),
    )
    expect(notice.subject).toBe(`Order #${orderId}: 500.00 RUB refunded`)
    const noticeParts = parts(notice)
    expect(noticeParts).toMatchObject({ isAlternative: true, hasText: true, hasHtml: true })
    expect(noticeParts.decoded).toContain('Reason: One mug arrived broken')
    expect(noticeParts.decoded).toContain('Refunded so far: 500.00 RUB of 1,580.00 RUB')

    // More passes (the loop's, and others) find nothing more to send.
    expect(await sendOrderNotices(payload)).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(smtp.received.filter(to(buyer)).map((mail) => mail.subject)).toEqual([
      `Your receipt for Order #${orderId}`,
      `Order #${orderId}: 500.00 RUB refunded`,
    ])
    const { rows } = await payload.db.pool.query(
      `SELECT kind, attempts, sent_at IS NOT NULL AS sent, next_attempt_at FROM order_notices
       WHERE order_id = $1 ORDER BY id`,
      [orderId],
    )
    expect(rows).toEqual([
      { kind: 'receipt', attempts: 1, sent: true, next_attempt_at: null },
      { kind: 'refund', attempts: 1, sent: true, next_attempt_at: null },
    ])
  })
})

describe("a payment whose amount or currency is not the order's", () => {
  // Before: `checkout.session.completed` marked the order paid whatever `amount_total` and
  // `currency` said: a session of 1 RUB paid an order of 1,580 RUB.
  it.each([
    ['amount', { amount_total: 100, currency: 'rub' }, '1.00 RUB'],
    ['currency', { amount_total: 158_000, currency: 'usd' }, '1,580.00 USD'],
  ])(
    'leaves the order unpaid with the reason, tells the admins by e-mail, answers Stripe 200 (%s)',
    async (_what, paid, shown) => {
      const buyer = `unmatched-${Date.now()}@example.com`
      const product = await createProduct(payload, { stock: 5, price: 790, name: 'Enamel mug' })
      const placed = await restJson('POST', '/api/orders/checkout', {
        body: {
          items: [{ productId: product.id, quantity: 2 }],
          customerEmail: buyer,
          shippingAddress: address,
        },
      })
      expect(placed.status).toBe(201)
      const orderId: number = placed.body.orderId
      const order = await payload.findByID({ collection: 'orders', id: orderId })
      const session = { ...stripe.completeSession(order.stripeSessionId!), ...paid }
      const completed = checkoutSessionEvent('checkout.session.completed', session)
      const { payload: body, signature } = signedWebhook(completed, secret)
      const answer = await restJson('POST', '/api/orders/webhook/stripe', {
        rawBody: body,
        headers: { 'stripe-signature': signature },
      })
      expect(answer.status).toBe(200)

      const unpaid = await payload.findByID({ collection: 'orders', id: orderId })
      expect(unpaid.status).toBe('pending')
      expect(unpaid.paymentProblem).toContain(shown)
      expect(unpaid.paymentProblem).toContain('1,580.00 RUB')
      const notice = await smtp.waitFor(
        (mail) => to(adminEmail)(mail) && mail.subject.includes(`Order #${orderId}`),
      )
      expect(notice.subject).toBe(`Payment not matching Order #${orderId}: left unpaid`)
      expect(parts(notice).decoded).toContain(shown)
      // The buyer gets no receipt for it.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(smtp.received.filter(to(buyer))).toEqual([])
    },
  )
})
