import { describe, expect, it } from 'vitest'

import { backoffDelay, nextBackoff, type BackoffState } from './endpointBackoff'

const settings = { backoffBaseMs: 5000, backoffMaxMs: 3_600_000 }
const now = new Date('2026-01-15T09:30:00Z')
/** No jitter: the planned pause exactly. */
const middle = () => 0.5
const healthy: BackoffState = { level: 0, probeDeliveryId: null }
const after = (ms: number) => new Date(now.getTime() + ms)

describe('backoffDelay', () => {
  it('doubles from the base at each level, up to the maximum', () => {
    const pauses = [1, 2, 3, 10, 11, 50].map((level) => backoffDelay(level, settings, middle))
    expect(pauses).toEqual([5000, 10_000, 20_000, 2_560_000, 3_600_000, 3_600_000])
  })

  it('spreads a pause by at most 10 % either way', () => {
    expect(backoffDelay(1, settings, () => 0)).toBe(4500)
    expect(backoffDelay(1, settings, () => 0.999_999)).toBe(5500)
  })
})

describe('nextBackoff', () => {
  const next = (state: BackoffState, results: { deliveryId: number; isSuccess: boolean }[]) =>
    nextBackoff({ state, results, settings, now, random: middle })

  it('leaves a healthy endpoint alone while it succeeds', () => {
    expect(next(healthy, [{ deliveryId: 1, isSuccess: true }])).toBeNull()
    expect(next(healthy, [])).toBeNull()
  })

  it('opens a first pause on the first failure of a healthy endpoint', () => {
    expect(next(healthy, [{ deliveryId: 1, isSuccess: false }])).toEqual({
      level: 1,
      until: after(5000),
      hasOpened: true,
    })
  })

  it('doubles the pause when the probe fails', () => {
    const probing = { level: 3, probeDeliveryId: 7 }
    expect(next(probing, [{ deliveryId: 7, isSuccess: false }])).toEqual({
      level: 4,
      until: after(40_000),
      hasOpened: false,
    })
  })

  it('counts a burst of sends that were in flight when the pause opened as one failure', () => {
    // Level 1 was opened by the first of them; the others end later and change nothing.
    const pausing = { level: 1, probeDeliveryId: null }
    expect(
      next(pausing, [
        { deliveryId: 2, isSuccess: false },
        { deliveryId: 3, isSuccess: false },
      ]),
    ).toBeNull()
  })

  it('closes on any success that ends the batch', () => {
    const probing = { level: 5, probeDeliveryId: 9 }
    expect(next(probing, [{ deliveryId: 9, isSuccess: true }])).toEqual({
      level: 0,
      until: null,
      hasOpened: false,
    })
    expect(
      next(probing, [
        { deliveryId: 4, isSuccess: false },
        { deliveryId: 5, isSuccess: true },
      ]),
    ).toEqual({ level: 0, until: null, hasOpened: false })
  })

  it('opens afresh when a failure follows a success in the same batch', () => {
    const probing = { level: 5, probeDeliveryId: 9 }
    expect(
      next(probing, [
        { deliveryId: 9, isSuccess: true },
        { deliveryId: 4, isSuccess: false },
      ]),
    ).toEqual({ level: 1, until: after(5000), hasOpened: true })
  })

  it('disables a continuously failing endpoint after 3 to 7 days with the defaults', () => {
    // The arithmetic of docs/webhooks.md: 100 failed attempts, of which 1 to 10 in the first
    // burst, then one probe per pause.
    const timeToDisable = (firstBurst: number) => {
      let elapsed = 0
      for (let probe = 1; probe <= 100 - firstBurst; probe++) {
        elapsed += backoffDelay(probe, settings, middle)
      }
      return elapsed / 86_400_000
    }
    expect(timeToDisable(10)).toBeCloseTo(3.39, 2)
    expect(timeToDisable(1)).toBeCloseTo(3.77, 2)
    for (const days of [timeToDisable(10) * 0.9, timeToDisable(1) * 1.1]) {
      expect(days).toBeGreaterThan(3)
      expect(days).toBeLessThan(7)
    }
  })
})
