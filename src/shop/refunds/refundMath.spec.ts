import { describe, expect, it } from 'vitest'

import {
  leftToRefund,
  minorUnitsToRoubles,
  paidMinorUnits,
  refundIdempotencyKey,
  succeededMinorUnits,
} from './refundMath'

describe('paidMinorUnits', () => {
  it('counts each line as the payment session charged it (price × 100 half-up, times quantity)', () => {
    expect(paidMinorUnits([{ price: 790, quantity: 2 }])).toBe(158000)
    expect(
      paidMinorUnits([
        { price: 1.005, quantity: 3 },
        { price: '19.99', quantity: 1 },
      ]),
    ).toBe(101 * 3 + 1999)
  })
})

describe('leftToRefund and succeededMinorUnits', () => {
  const refunds = [
    { amount: 100, status: 'succeeded' },
    { amount: 200, status: 'pending' },
    { amount: 400, status: 'failed' },
    { amount: 800, status: 'canceled' },
  ]

  it('takes succeeded and pending refunds from what is left, never failed or cancelled ones', () => {
    expect(leftToRefund(1000, refunds)).toBe(700)
  })

  it('counts only succeeded refunds as refunded', () => {
    expect(succeededMinorUnits(refunds)).toBe(100)
  })
})

describe('minorUnitsToRoubles', () => {
  it('converts kopecks to roubles exactly', () => {
    expect(minorUnitsToRoubles(1050)).toBe(10.5)
    expect(minorUnitsToRoubles(1)).toBe(0.01)
    expect(minorUnitsToRoubles(158000)).toBe(1580)
    expect(minorUnitsToRoubles(0)).toBe(0)
  })
})

describe('refundIdempotencyKey', () => {
  it('is the same for a retried request and differs once a refund was recorded', () => {
    const base = { orderId: 7, orderCreatedAt: '2026-11-27T00:00:00.000Z', amount: 500 }
    expect(refundIdempotencyKey({ ...base, refundCount: 0 })).toBe(
      refundIdempotencyKey({ ...base, refundCount: 0 }),
    )
    expect(refundIdempotencyKey({ ...base, refundCount: 1 })).not.toBe(
      refundIdempotencyKey({ ...base, refundCount: 0 }),
    )
    expect(refundIdempotencyKey({ ...base, refundCount: 0, amount: 501 })).not.toBe(
      refundIdempotencyKey({ ...base, refundCount: 0 }),
    )
  })
})
