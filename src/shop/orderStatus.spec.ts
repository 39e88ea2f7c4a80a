import { describe, expect, it } from 'vitest'

import {
  isManualTransitionAllowed,
  manualStatusChoices,
  orderStatuses,
  orderTitle,
  statusAfterRefunds,
} from './orderStatus'

describe('isManualTransitionAllowed', () => {
  it('allows exactly paid → shipped → delivered, and staying put', () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses
        .filter((to) => from !== to && isManualTransitionAllowed(from, to))
        .map((to) => `${from}->${to}`),
    )
    expect(allowed).toEqual(['paid->shipped', 'shipped->delivered', 'partially_refunded->shipped'])
    for (const status of orderStatuses) expect(isManualTransitionAllowed(status, status)).toBe(true)
  })
})

describe('manualStatusChoices', () => {
  it('offers the next step of fulfilment, and nothing to change where a person may not', () => {
    expect(manualStatusChoices('paid')).toEqual(['paid', 'shipped'])
    expect(manualStatusChoices('shipped')).toEqual(['shipped', 'delivered'])
    expect(manualStatusChoices('partially_refunded')).toEqual(['partially_refunded', 'shipped'])
    for (const status of ['pending', 'delivered', 'cancelled', 'expired', 'refunded'] as const) {
      expect(manualStatusChoices(status)).toEqual([status])
    }
  })

  it('agrees with isManualTransitionAllowed', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        expect(manualStatusChoices(from).includes(to)).toBe(isManualTransitionAllowed(from, to))
      }
    }
  })
})

describe('statusAfterRefunds', () => {
  it('is refunded when nothing is left, partially refunded when some is', () => {
    expect(statusAfterRefunds({ current: 'paid', amount: 1000, refunded: 1000 })).toBe('refunded')
    expect(statusAfterRefunds({ current: 'shipped', amount: 1000, refunded: 1 })).toBe(
      'partially_refunded',
    )
    expect(
      statusAfterRefunds({ current: 'partially_refunded', amount: 1000, refunded: 1000 }),
    ).toBe('refunded')
  })

  it('keeps the fulfilment status without refunds, and goes back to paid when a refund failed', () => {
    expect(statusAfterRefunds({ current: 'shipped', amount: 1000, refunded: 0 })).toBe('shipped')
    expect(statusAfterRefunds({ current: 'partially_refunded', amount: 1000, refunded: 0 })).toBe(
      'paid',
    )
    expect(statusAfterRefunds({ current: 'refunded', amount: 1000, refunded: 0 })).toBe('paid')
  })
})

describe('orderTitle', () => {
  it('titles an order by its number', () => {
    expect(orderTitle(42)).toBe('Order #42')
  })
})
