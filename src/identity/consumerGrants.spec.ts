import { describe, expect, it } from 'vitest'

import { holdsGrant, revokedGrants } from './consumerGrants'

describe('holdsGrant', () => {
  it('is true for a consumer holding the grant only', () => {
    const consumer = { collection: 'consumers', grants: ['content', 'orders'] }
    expect(holdsGrant(consumer, 'orders')).toBe(true)
    expect(holdsGrant(consumer, 'inquiries')).toBe(false)
    expect(holdsGrant({ collection: 'consumers' }, 'content')).toBe(false)
    // A user with a `grants` field is not a consumer.
    expect(
      holdsGrant({ collection: 'users', role: 'editor', grants: ['orders'] } as never, 'orders'),
    ).toBe(false)
    expect(holdsGrant(null, 'orders')).toBe(false)
  })
})

describe('revokedGrants', () => {
  it('lists what the update took away, nothing it added', () => {
    expect(revokedGrants(['content', 'orders'], ['content', 'inquiries'])).toEqual(['orders'])
    expect(revokedGrants(null, ['orders'])).toEqual([])
    expect(revokedGrants(['orders'], null)).toEqual(['orders'])
  })
})
