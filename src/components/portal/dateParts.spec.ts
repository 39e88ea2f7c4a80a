import { describe, expect, it } from 'vitest'

import { dateOrder, datePartsOf, datePartsToIso, monthNames, noDate } from './dateParts'

describe('dateOrder', () => {
  it("follows the reader's locale", () => {
    expect(dateOrder('ru-RU')).toEqual(['day', 'month', 'year'])
    expect(dateOrder('en-GB')).toEqual(['day', 'month', 'year'])
    expect(dateOrder('en-US')).toEqual(['month', 'day', 'year'])
    expect(dateOrder('ja-JP')).toEqual(['year', 'month', 'day'])
  })
})

describe('monthNames', () => {
  it('names the months in the reader’s language', () => {
    expect(monthNames('en-GB')[10]).toBe('November')
    expect(monthNames('ru-RU')).toHaveLength(12)
  })
})

describe('datePartsToIso', () => {
  it('reads the parts in the local time zone, the time optional', () => {
    expect(datePartsToIso(noDate)).toBe('')
    expect(datePartsToIso({ day: '28', month: '11', year: '2026', time: '14:05' })).toBe(
      new Date(2026, 10, 28, 14, 5).toISOString(),
    )
    expect(datePartsToIso({ day: '1', month: '2', year: '2026', time: '' })).toBe(
      new Date(2026, 1, 1).toISOString(),
    )
  })

  it('gives back, to the minute, the date it was given', () => {
    const date = new Date(2026, 0, 15, 9, 30)
    expect(datePartsOf(date)).toEqual({ day: '15', month: '1', year: '2026', time: '09:30' })
    expect(datePartsToIso(datePartsOf(date))).toBe(date.toISOString())
  })

  it('refuses a missing part, a date that does not exist and a time past 23:59', () => {
    expect(datePartsToIso({ day: '28', month: '', year: '2026', time: '' })).toHaveProperty('error')
    expect(datePartsToIso({ day: '31', month: '2', year: '2026', time: '' })).toHaveProperty(
      'error',
    )
    expect(datePartsToIso({ day: '1', month: '2', year: '2026', time: '25:00' })).toHaveProperty(
      'error',
    )
  })
})
