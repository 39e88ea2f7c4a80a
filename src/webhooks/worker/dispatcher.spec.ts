import { describe, expect, it } from 'vitest'

import { leaseMarginMs } from '../workerSettings'
import { hasLeaseToSend } from './dispatcher'

describe('hasLeaseToSend', () => {
  const now = Date.parse('2026-11-26T12:00:00Z')
  const leaseLeft = (ms: number) => ({
    leaseExpiresAt: new Date(now + ms),
    timeoutSeconds: 10,
  })

  it('sends a claim whose lease covers the longest send and half the margin (a59c40a)', () => {
    expect(hasLeaseToSend(leaseLeft(10_000 + leaseMarginMs / 2), now)).toBe(true)
    // The whole margin is not demanded: that gave back nearly every claim that waited.
    expect(hasLeaseToSend(leaseLeft(10_000 + leaseMarginMs - 1), now)).toBe(true)
  })

  it('gives back a claim that waited so long its lease could lapse mid-send', () => {
    expect(hasLeaseToSend(leaseLeft(10_000 + leaseMarginMs / 2 - 1), now)).toBe(false)
    expect(hasLeaseToSend(leaseLeft(-1), now)).toBe(false)
  })
})
