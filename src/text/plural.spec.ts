import { describe, expect, it } from 'vitest'

import { countOf } from './plural'

describe('countOf', () => {
  it('writes one in the singular and every other count in the plural, in English', () => {
    const attempts = { one: 'attempt', other: 'attempts' }
    expect(countOf(1, attempts)).toBe('1 attempt')
    expect(countOf(0, attempts)).toBe('0 attempts')
    expect(countOf(3, attempts)).toBe('3 attempts')
  })

  it("follows a language's own categories (Russian: one, few, many)", () => {
    const attempts = { one: 'попытка', few: 'попытки', many: 'попыток', other: 'попытки' }
    expect(countOf(1, attempts, 'ru')).toBe('1 попытка')
    expect(countOf(3, attempts, 'ru')).toBe('3 попытки')
    expect(countOf(5, attempts, 'ru')).toBe('5 попыток')
    expect(countOf(21, attempts, 'ru')).toBe('21 попытка')
  })
})
