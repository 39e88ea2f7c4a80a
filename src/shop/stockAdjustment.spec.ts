import { describe, expect, it } from 'vitest'

import { belowZeroMessage, signedDelta, validateStockDelta } from './stockAdjustment'

describe('validateStockDelta', () => {
  it('takes whole numbers of units in either direction', () => {
    expect(validateStockDelta(5)).toBe(true)
    expect(validateStockDelta(-2)).toBe(true)
    expect(validateStockDelta(1_000_000)).toBe(true)
  })

  it('refuses 0, fractions, text and more than a million units at once', () => {
    for (const value of [0, 1.5, '5', 1_000_001, -1_000_001, Number.NaN, null]) {
      expect(validateStockDelta(value), String(value)).toMatch(/^A whole number of units/)
    }
  })

  it('lets an empty optional value through, never a bad one', () => {
    expect(validateStockDelta(null, { isOptional: true })).toBe(true)
    expect(validateStockDelta(undefined, { isOptional: true })).toBe(true)
    expect(validateStockDelta(0, { isOptional: true })).toMatch(/^A whole number/)
  })
})

describe('messages', () => {
  it('writes deltas with their sign', () => {
    expect(signedDelta(5)).toBe('+5')
    expect(signedDelta(-2)).toBe('-2')
  })

  it('says the stock and the refused delta', () => {
    expect(belowZeroMessage({ name: 'Lamp', id: 7, stock: 2, delta: -5 })).toBe(
      'The stock of "Lamp" (product 7) is 2: an adjustment of -5 would take it below zero',
    )
  })
})
