import { describe, expect, it } from 'vitest'

import { paymentMismatch, sessionAmountOf } from './paymentCheck'

const lines = [
  { price: 790, quantity: 2 },
  { price: '0.005', quantity: 3 },
]

describe('the amount a session asks', () => {
  it('is each unit price rounded to the kopeck, times its quantity, as the session was made', () => {
    // 790.00 × 2 + 0.01 × 3 (0.005 rounds half-up per unit, as the session's lines did).
    expect(sessionAmountOf(lines)).toBe(158_003)
  })
})

describe('a reported payment', () => {
  it('matches when its amount and currency are the order\u2019s', () => {
    expect(paymentMismatch({ lines, paid: { amountTotal: 158_003, currency: 'rub' } })).toBe(
      undefined,
    )
    expect(paymentMismatch({ lines, paid: { amountTotal: 158_003, currency: 'RUB' } })).toBe(
      undefined,
    )
  })

  it('does not match another amount, less or more, and says both', () => {
    expect(paymentMismatch({ lines, paid: { amountTotal: 100, currency: 'rub' } })).toBe(
      "Left unpaid: the payment provider reported 1.00 RUB paid, but the order asks 1,580.03 RUB. Check the payment in the provider's dashboard: refund it there and cancel the order, or take it up with the buyer.",
    )
    expect(paymentMismatch({ lines, paid: { amountTotal: 158_004, currency: 'rub' } })).toContain(
      '1,580.04 RUB',
    )
  })

  it('does not match another currency, nor one that names no amount or currency', () => {
    expect(paymentMismatch({ lines, paid: { amountTotal: 158_003, currency: 'usd' } })).toContain(
      'reported 1,580.03 USD paid',
    )
    expect(paymentMismatch({ lines, paid: { amountTotal: null, currency: 'rub' } })).toContain(
      'reported amount none, currency rub paid',
    )
    expect(
      paymentMismatch({ lines, paid: { amountTotal: 158_003, currency: undefined } }),
    ).toContain('currency none')
  })
})
