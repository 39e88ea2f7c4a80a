import qs from 'qs'
import { describe, expect, it } from 'vitest'

import { checkoutSessionParams } from '../checkoutSession'
import { parseAmount } from '../money'
import {
  completedSession,
  eventRetryDelaySeconds,
  expiredSession,
  newSession,
  parseSessionParams,
  sessionEvent,
  sessionLines,
} from './sandboxSessionModel'

const now = 1_800_000_000

/** The app's own session parameters, form-encoded as the SDK sends them and decoded again. */
function appParams(overrides: Record<string, unknown> = {}) {
  const params = checkoutSessionParams({
    orderId: 42,
    lines: [
      { name: 'Enamel mug', unitPrice: parseAmount('790'), quantity: 2 },
      { name: 'Tea, 100 g', unitPrice: parseAmount('19.995'), quantity: 1 },
    ],
    customerEmail: 'buyer@example.com',
    frontendUrl: 'https://shop.example.com',
    expiresAt: new Date((now + 3600) * 1000),
  })
  const encoded = qs.stringify({ ...params, ...overrides }, { arrayFormat: 'indices' })
  return qs.parse(encoded, { depth: 10, arrayLimit: 100 })
}

describe('parseSessionParams', () => {
  it("accepts what the app's checkout sends", () => {
    const parsed = parseSessionParams(appParams(), now)
    if (!('params' in parsed)) throw new Error(parsed.error.message)
    expect(sessionLines(parsed.params)).toEqual([
      { name: 'Enamel mug', unitAmount: 79000, quantity: 2 },
      { name: 'Tea, 100 g', unitAmount: 2000, quantity: 1 },
    ])
    expect(parsed.params.metadata).toEqual({ orderId: '42' })
    expect(parsed.params.expires_at).toBe(now + 3600)
  })

  it('refuses what Stripe refuses, naming the parameter', () => {
    expect(parseSessionParams(appParams({ expires_at: now + 60 }), now)).toEqual({
      error: { param: 'expires_at', message: expect.stringMatching(/at least 30 minutes/) },
    })
    expect(parseSessionParams(appParams({ mode: 'subscription' }), now)).toMatchObject({
      error: { param: 'mode' },
    })
    expect(parseSessionParams(appParams({ shipping: 'yes' }), now)).toEqual({
      error: { param: 'shipping', message: 'Received unknown parameter: shipping' },
    })
    const zero = appParams()
    ;(zero.line_items as { quantity: string }[])[1]!.quantity = '0'
    expect(parseSessionParams(zero, now)).toMatchObject({
      error: { param: 'line_items[1][quantity]' },
    })
    const mixed = appParams()
    ;(mixed.line_items as { price_data: { currency: string } }[])[1]!.price_data.currency = 'eur'
    expect(parseSessionParams(mixed, now)).toMatchObject({ error: { param: 'line_items' } })
  })
})

describe('sessions and events', () => {
  const parsed = parseSessionParams(appParams(), now)
  if (!('params' in parsed)) throw new Error('fixture')
  const session = newSession({
    id: 'cs_test_1',
    params: parsed.params,
    url: 'http://127.0.0.1:3000/payment-sandbox/cs_test_1',
    now,
  })

  it('opens a session shaped as Stripe shapes it', () => {
    expect(session).toMatchObject({
      id: 'cs_test_1',
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      currency: 'rub',
      amount_total: 2 * 79000 + 2000,
      metadata: { orderId: '42' },
      success_url: 'https://shop.example.com/order/42/success',
      expires_at: now + 3600,
      livemode: false,
    })
  })

  it('completes and expires a session, and wraps it in an event', () => {
    expect(completedSession(session, 'pi_1')).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_1',
      url: null,
    })
    expect(expiredSession(session)).toMatchObject({ status: 'expired', payment_status: 'unpaid' })
    const event = sessionEvent({
      id: 'evt_1',
      type: 'checkout.session.expired',
      session: expiredSession(session),
      created: now,
      apiVersion: '2026-01-01',
    })
    expect(event).toMatchObject({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.expired',
      created: now,
      data: { object: { id: 'cs_test_1', status: 'expired' } },
    })
  })

  it('retries an undelivered event sooner first, then hourly', () => {
    expect([1, 2, 3, 4, 5, 9].map(eventRetryDelaySeconds)).toEqual([5, 30, 120, 600, 3600, 3600])
  })
})
