import { describe, expect, it } from 'vitest'

import { subscriptionMatchesSql } from './subscriptionMatch'

describe('subscriptionMatchesSql', () => {
  it('matches the type or the wildcard on the given alias', () => {
    expect(subscriptionMatchesSql('s', 'e.type')).toBe(`s.events ?| ARRAY[(e.type)::text, '*']`)
  })

  it('refuses an alias that is not a plain identifier', () => {
    expect(() => subscriptionMatchesSql('s; DROP TABLE x', 'e.type')).toThrow(/alias/)
  })
})
