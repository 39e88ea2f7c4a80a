import { describe, expect, it } from 'vitest'

import {
  amountToNumber,
  formatAmount,
  formatMinorUnits,
  formatRub,
  multiplyAmount,
  parseAmount,
  sumAmounts,
  toMinorUnits,
} from './money'

describe('parseAmount and formatAmount', () => {
  it('round-trips decimals as PostgreSQL prints them', () => {
    for (const text of ['0', '3', '19.99', '1.005', '0.0001', '999999.99']) {
      expect(formatAmount(parseAmount(text))).toBe(text)
    }
  })

  it('drops trailing zeros and reads JS numbers through their shortest representation', () => {
    expect(formatAmount(parseAmount('19.9900'))).toBe('19.99')
    expect(formatAmount(parseAmount(19.99))).toBe('19.99')
    expect(parseAmount(1.005)).toBe(10050n)
  })

  it('rejects negatives, more than four fractional digits and non-decimals', () => {
    for (const bad of ['-1', '1.00001', 'abc', '', '1e3', ' 1 . 2']) {
      expect(() => parseAmount(bad)).toThrow(RangeError)
    }
    expect(() => parseAmount(Number.NaN)).toThrow(RangeError)
    expect(() => parseAmount(1e-7)).toThrow(RangeError)
  })
})

describe('toMinorUnits (unit_amount = price × 100, half-up on the decimal)', () => {
  it.each([
    ['19.99', 1999],
    ['1.005', 101],
    ['1.004', 100],
    ['0.0049', 0],
    ['0.005', 1],
    ['0', 0],
    ['999999.99', 99999999],
    ['2.675', 268],
  ])('%s gives %i', (price, expected) => {
    expect(toMinorUnits(parseAmount(price))).toBe(expected)
  })

  it('differs from the float computation where floats lose the half', () => {
    expect(Math.round(1.005 * 100)).toBe(100)
    expect(toMinorUnits(parseAmount(1.005))).toBe(101)
  })
})

describe('exact totals', () => {
  it('sums price × quantity without float drift', () => {
    const total = sumAmounts([
      multiplyAmount(parseAmount('0.1'), 3),
      multiplyAmount(parseAmount('0.2'), 1),
      multiplyAmount(parseAmount('1.005'), 2),
    ])
    expect(formatAmount(total)).toBe('2.51')
    expect(amountToNumber(total)).toBe(2.51)
    expect(0.1 * 3).not.toBe(0.3)
    expect(formatAmount(multiplyAmount(parseAmount('0.1'), 3))).toBe('0.3')
  })

  it('refuses fractional or negative quantities', () => {
    expect(() => multiplyAmount(1n, 1.5)).toThrow(RangeError)
    expect(() => multiplyAmount(1n, -1)).toThrow(RangeError)
  })
})

describe('formatRub and formatMinorUnits', () => {
  it('shows roubles with two decimals and the currency code', () => {
    expect(formatRub(1580)).toBe('1,580.00 RUB')
    expect(formatRub('19.9')).toBe('19.90 RUB')
    expect(formatRub(parseAmount('1.005'))).toBe('1.01 RUB')
    expect(formatRub(0)).toBe('0.00 RUB')
    expect(formatRub('1234567.5')).toBe('1,234,567.50 RUB')
  })

  it('formats kopecks exactly, beyond what a float holds', () => {
    expect(formatMinorUnits(158000)).toBe('1,580.00 RUB')
    expect(formatMinorUnits(7)).toBe('0.07 RUB')
    expect(formatMinorUnits(900719925474099312n)).toBe('9,007,199,254,740,993.12 RUB')
    expect(formatMinorUnits(-250)).toBe('-2.50 RUB')
  })
})
