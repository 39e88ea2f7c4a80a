import { describe, expect, it } from 'vitest'

import {
  isManualTransitionAllowed,
  manualStatusChoices,
  orderStatuses,
  orderTitle,
} from './orderStatus'

describe('isManualTransitionAllowed', () => {
  it('allows exactly paid → shipped → delivered, and staying put', () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses
        .filter((to) => from !== to && isManualTransitionAllowed(from, to))
        .map((to) => `${from}->${to}`),
    )
    expect(allowed).toEqual(['paid->shipped', 'shipped->delivered'])
    for (const status of orderStatuses) expect(isManualTransitionAllowed(status, status)).toBe(true)
  })
})

describe('manualStatusChoices', () => {
  it('offers the next step of fulfilment, and nothing to change where a person may not', () => {
    expect(manualStatusChoices('paid')).toEqual(['paid', 'shipped'])
    expect(manualStatusChoices('shipped')).toEqual(['shipped', 'delivered'])
    for (const status of ['pending', 'delivered', 'cancelled', 'expired'] as const) {
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

describe('orderTitle', () => {
  it('titles an order by its number', () => {
    expect(orderTitle(42)).toBe('Order #42')
  })
})
