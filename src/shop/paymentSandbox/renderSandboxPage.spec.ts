import { describe, expect, it } from 'vitest'

import { renderSandboxPage, type SandboxPageView } from './renderSandboxPage'

const view: SandboxPageView = {
  sessionId: 'cs_test_1',
  status: 'open',
  orderId: '42',
  customerEmail: 'buyer@example.com',
  currency: 'rub',
  lines: [
    { name: 'Enamel mug', unitAmount: 79000, quantity: 2 },
    { name: '<script>alert(1)</script>', unitAmount: 2000, quantity: 1 },
  ],
  amountTotal: 160000,
  expiresAt: new Date('2026-01-15T11:00:00Z'),
  successUrl: 'https://shop.example.com/order/42/success',
  cancelUrl: 'javascript:alert(1)',
  event: null,
  payAction: '/payment-sandbox/cs_test_1/pay',
  cancelAction: '/payment-sandbox/cs_test_1/cancel',
}

describe('renderSandboxPage', () => {
  it('names itself a test page and shows the order in RUB with Pay and Cancel', () => {
    const html = renderSandboxPage(view)
    expect(html).toContain('<title>TEST PAYMENT – Order #42 – payment sandbox</title>')
    expect(html).toContain('TEST PAGE – payment sandbox of this app. No real payment')
    expect(html).toContain('<td class="number">790.00 RUB</td>')
    expect(html).toContain('<td class="number">1,580.00 RUB</td>')
    expect(html).toContain('id="total">1,600.00 RUB</td>')
    expect(html).toContain('<form method="post" action="/payment-sandbox/cs_test_1/pay">')
    expect(html).toContain('<form method="post" action="/payment-sandbox/cs_test_1/cancel">')
  })

  it('escapes what the shop sent and links only web addresses', () => {
    const html = renderSandboxPage({ ...view, status: 'expired' })
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('href="javascript')
  })

  it('reports the outcome and whether the shop accepted the event', () => {
    const paid = renderSandboxPage({
      ...view,
      status: 'complete',
      event: {
        type: 'checkout.session.completed',
        attempts: 1,
        deliveredAt: new Date(),
        lastError: null,
        nextAttemptAt: null,
      },
    })
    expect(paid).toContain('id="state">Paid.</p>')
    expect(paid).toContain('The shop accepted <code>checkout.session.completed</code>')
    expect(paid).not.toContain('id="pay"')
    const failing = renderSandboxPage({
      ...view,
      status: 'expired',
      event: {
        type: 'checkout.session.expired',
        attempts: 2,
        deliveredAt: null,
        lastError: 'HTTP 500',
        nextAttemptAt: new Date('2026-01-15T11:00:30Z'),
      },
    })
    expect(failing).toContain(
      'has not accepted <code>checkout.session.expired</code> yet (2 attempts: HTTP 500)',
    )
  })
})
