import { describe, expect, it } from 'vitest'

import { subscriptionMatchesSql } from './subscriptionMatch'

describe('subscriptionMatchesSql', () => {
  it('matches the type or the wildcard, and the filter by containment, on the given alias', () => {
    const condition = subscriptionMatchesSql('s', 'e.type', 'e.data')
    expect(condition).toContain(`s.events ?| ARRAY[(e.type)::text, '*']`)
    expect(condition).toContain(`(e.data) @> s.filter`)
  })

  it('refuses an alias that is not a plain identifier', () => {
    expect(() => subscriptionMatchesSql('s; DROP TABLE x', 'e.type', 'e.data')).toThrow(/alias/)
  })
})
