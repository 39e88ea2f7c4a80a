import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  cartLinesSchema,
  maxQuantity,
  productIdSchema,
  quantitySchema,
  shippingAddressSchema,
} from './inputSchemas'

const address = {
  name: 'Ivan Petrov',
  line1: 'Tverskaya 1',
  city: 'Moscow',
  postal_code: '125009',
  country: 'ru',
}

describe('shippingAddressSchema', () => {
  it('accepts an address and upper-cases the country', () => {
    expect(shippingAddressSchema.parse(address)).toEqual({ ...address, country: 'RU' })
  })

  it.each(['XX', 'RUS', 'EU', '', 'R'])('refuses the country %j', (country) => {
    expect(shippingAddressSchema.safeParse({ ...address, country }).success).toBe(false)
  })

  it('requires name, line1, city and postal_code, not line2', () => {
    for (const field of ['name', 'line1', 'city', 'postal_code', 'country'] as const) {
      const { [field]: _omitted, ...rest } = address
      expect(shippingAddressSchema.safeParse(rest).success, field).toBe(false)
    }
    expect(shippingAddressSchema.safeParse({ ...address, line1: '   ' }).success).toBe(false)
  })
})

describe('quantities and product ids', () => {
  it('accepts whole quantities from 1 to the maximum', () => {
    expect(quantitySchema.safeParse(1).success).toBe(true)
    expect(quantitySchema.safeParse(maxQuantity).success).toBe(true)
    for (const bad of [0, -1, 1.5, maxQuantity + 1, '2', null]) {
      expect(quantitySchema.safeParse(bad).success, String(bad)).toBe(false)
    }
  })

  it('reads product ids as numbers or digit strings', () => {
    expect(productIdSchema.parse(7)).toBe(7)
    expect(productIdSchema.parse('42')).toBe(42)
    for (const bad of [0, -3, 'abc', '07', 1.5]) {
      expect(productIdSchema.safeParse(bad).success, String(bad)).toBe(false)
    }
  })
})

describe('cartLinesSchema', () => {
  const lines = cartLinesSchema(z.object({ quantity: quantitySchema }))

  it('refuses a missing or empty cart with a message saying so', () => {
    expect(lines.safeParse(undefined).error?.issues[0]?.message).toMatch(/items is required/)
    expect(lines.safeParse([]).error?.issues[0]?.message).toBe('items must not be empty')
    expect(lines.safeParse(Array(51).fill({ quantity: 1 })).success).toBe(false)
  })
})
