import { describe, expect, it } from 'vitest'

import { subscriptionMatchesSql } from './subscriptionMatch'

describe('subscriptionMatchesSql', () => {
  it('matches the type or the wildcard, the filter by containment, and the grant, on the given alias', () => {
    const condition = subscriptionMatchesSql('s', 'e.type', 'e.data', 'consumers_grants')
    expect(condition).toContain(`s.events ?| ARRAY[(e.type)::text, '*']`)
    expect(condition).toContain(`(e.data) @> s.filter`)
    // webhook.test, registered by the engine itself, needs no grant.
    expect(condition).toContain(`WHEN 'webhook.test' THEN ''`)
    expect(condition).toContain(`(s.consumer_id, (CASE (e.type)::text`)
    expect(condition).toContain(`IN (SELECT parent_id, value::text FROM consumers_grants)`)
  })

  it('uses a grant worked out by the caller, once an event, in place of the catalogue CASE', () => {
    const condition = subscriptionMatchesSql(
      's',
      'e.type',
      'e.data',
      'consumers_grants',
      'e.needed_grant',
    )
    expect(condition).not.toContain('CASE')
    expect(condition).toContain(`(e.needed_grant = '' OR (s.consumer_id, e.needed_grant) IN`)
  })

  it('refuses an alias that is not a plain identifier', () => {
    expect(() =>
      subscriptionMatchesSql('s; DROP TABLE x', 'e.type', 'e.data', 'consumers_grants'),
    ).toThrow(/alias/)
    expect(() => subscriptionMatchesSql('s', 'e.type', 'e.data', 'x; DROP')).toThrow(/table/)
  })
})
