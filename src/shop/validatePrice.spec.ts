import { describe, expect, it } from 'vitest'

import { validatePrice } from './validatePrice'

const validate = (value: number | null) => validatePrice(value)

describe('validatePrice', () => {
  it('accepts decimals from 0 to 999,999.99 with up to four decimal places', () => {
    for (const price of [0, 19.99, 1.005, 0.0001, 999_999.99]) expect(validate(price)).toBe(true)
  })

  it('refuses missing, negative, too large and too precise prices', () => {
    expect(validate(null)).toMatch(/required/)
    expect(validate(-0.01)).toMatch(/between/)
    expect(validate(1_000_000)).toMatch(/between/)
    expect(validate(1.00001)).toMatch(/4 decimal places/)
  })
})
