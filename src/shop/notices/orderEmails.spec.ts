import { describe, expect, it } from 'vitest'

import { receiptEmail, refundEmail, type MailedOrder } from './orderEmails'

const order: MailedOrder = {
  id: 7,
  customerEmail: 'buyer@example.com',
  total: 1580,
  refundedAmount: 500,
  items: [{ name: 'Enamel <mug>', quantity: 2, price: 790 }],
  shippingAddress: {
    name: 'Ivan Petrov',
    line1: 'Tverskaya 1',
    city: 'Moscow',
    postal_code: '125009',
    country: 'RU',
  },
  paidAt: '2026-11-27T10:00:00.000Z',
}

describe('receiptEmail', () => {
  it('lists the lines and the total paid, in text and HTML', () => {
    const email = receiptEmail(order)
    expect(email.subject).toBe('Your receipt for Order #7')
    expect(email.text).toContain('Enamel <mug> × 2: 790.00 RUB each')
    expect(email.text).toContain('Total paid: 1,580.00 RUB')
    expect(email.text).toContain('Shipping to: Ivan Petrov, Tverskaya 1, 125009 Moscow, RU')
    expect(email.html).toContain('<td>Enamel &#60;mug&#62;</td>')
    expect(email.html).not.toContain('<mug>')
  })
})

describe('refundEmail', () => {
  it('says how much was refunded, why, and what stands refunded', () => {
    const email = refundEmail(order, { amount: 50_000, reason: 'Broken\r\nBcc: x@example.com' })
    expect(email.subject).toBe('Order #7: 500.00 RUB refunded')
    expect(email.text).toContain('Reason: Broken Bcc: x@example.com')
    expect(email.text).toContain('Refunded so far: 500.00 RUB of 1,580.00 RUB.')
    expect(email.html).toContain('<strong>500.00 RUB</strong>')
  })

  it('says when the whole order was refunded, and leaves out a reason it has not', () => {
    const email = refundEmail({ ...order, refundedAmount: 1580 }, { amount: 108_000, reason: null })
    expect(email.text).toContain('(the whole order)')
    expect(email.text).not.toContain('Reason')
  })
})
