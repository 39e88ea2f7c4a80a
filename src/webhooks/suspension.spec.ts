import { describe, expect, it } from 'vitest'

import { describeSuspension, suspensionOf, turnOnRefusal } from './suspension'

describe('suspensionOf', () => {
  it('is null unless the row is suspended', () => {
    expect(suspensionOf({ suspended: false, suspensionReason: 'old', suspendedAt: null })).toBe(
      null,
    )
    expect(suspensionOf({})).toBe(null)
  })

  it('gives the reason and since when, as ISO 8601', () => {
    expect(
      suspensionOf({
        suspended: true,
        suspensionReason: 'Leaks buyer data',
        suspendedAt: '2026-11-28T17:30:12.000Z',
      }),
    ).toEqual({ reason: 'Leaks buyer data', since: '2026-11-28T17:30:12.000Z' })
  })
})

describe('describeSuspension', () => {
  it('names what, since when and why, in one sentence', () => {
    expect(
      describeSuspension('This endpoint', {
        reason: 'Receiver leaks buyer data (ticket 4711). ',
        since: '2026-11-28T17:30:12.000Z',
      }),
    ).toBe(
      'This endpoint is suspended by an administrator since 2026-11-28 17:30 UTC: Receiver leaks buyer data (ticket 4711).',
    )
  })

  it('says that the consumer cannot turn it on, and that its deliveries wait', () => {
    const message = turnOnRefusal({ reason: 'Abuse', since: '2026-11-28T17:30:12.000Z' })
    expect(message).toContain('suspended by an administrator since 2026-11-28 17:30 UTC: Abuse.')
    expect(message).toContain('cannot be turned on')
    expect(message).toContain('deliveries wait')
  })
})
