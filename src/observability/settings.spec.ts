import { describe, expect, it } from 'vitest'

import { isMetricsCaller } from './settings'

describe('isMetricsCaller', () => {
  it('takes exactly `Bearer <token>`', () => {
    expect(isMetricsCaller('Bearer s3cret', 's3cret')).toBe(true)
    expect(isMetricsCaller('bearer   s3cret ', 's3cret')).toBe(true)
    expect(isMetricsCaller('Bearer s3cre', 's3cret')).toBe(false)
    expect(isMetricsCaller('Bearer s3cret2', 's3cret')).toBe(false)
    expect(isMetricsCaller('s3cret', 's3cret')).toBe(false)
    expect(isMetricsCaller('Basic s3cret', 's3cret')).toBe(false)
    expect(isMetricsCaller(null, 's3cret')).toBe(false)
    expect(isMetricsCaller('Bearer ', '')).toBe(false)
  })
})
