import { describe, expect, it } from 'vitest'

import { disableAfterFailures, foldOutcomes } from './subscriptionOutcome'

/** `failure_count` after writing one batch, as the outcome writer's UPDATE applies the change. */
const applyBatch = (failureCount: number, outcomes: boolean[]) => {
  const change = foldOutcomes(outcomes)
  return change.hasSuccess ? change.failures : failureCount + change.failures
}

/** Consecutive failures at the end of `outcomes`, counted one attempt at a time. */
const trailingFailures = (outcomes: boolean[]) =>
  outcomes.reduce((count, isSuccess) => (isSuccess ? 0 : count + 1), 0)

/** A deterministic pseudo-random generator (mulberry32), so that failures reproduce. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

describe('foldOutcomes', () => {
  it('changes nothing for an empty batch', () => {
    expect(foldOutcomes([])).toEqual({ hasSuccess: false, failures: 0 })
    expect(applyBatch(7, [])).toBe(7)
  })

  it('resets the count when the batch ends with a success', () => {
    expect(foldOutcomes([true])).toEqual({ hasSuccess: true, failures: 0 })
    expect(foldOutcomes([false, false, false, true])).toEqual({ hasSuccess: true, failures: 0 })
    expect(applyBatch(42, [false, true])).toBe(0)
  })

  it('adds a batch without success to the failures before it', () => {
    expect(applyBatch(42, [false, false, false])).toBe(45)
  })

  it('counts consecutive failures however the attempts are split into batches', () => {
    const next = random(20260115)
    for (let run = 0; run < 200; run++) {
      const outcomes = Array.from({ length: Math.floor(next() * 40) }, () => next() < 0.3)
      let failureCount = 0
      for (let start = 0; start < outcomes.length;) {
        const end = start + 1 + Math.floor(next() * 6)
        failureCount = applyBatch(failureCount, outcomes.slice(start, end))
        start = end
      }
      expect(failureCount, JSON.stringify(outcomes)).toBe(trailingFailures(outcomes))
    }
  })

  it('reaches the disabling threshold on the 100th failure in a row, not before', () => {
    // docs/webhooks.md, Disabling: "fail **100 times in a row** is disabled".
    expect(disableAfterFailures).toBe(100)
    let failureCount = applyBatch(0, Array<boolean>(60).fill(false))
    failureCount = applyBatch(failureCount, Array<boolean>(39).fill(false))
    expect(failureCount).toBeLessThan(disableAfterFailures)
    expect(applyBatch(failureCount, [true, false])).toBeLessThan(disableAfterFailures)
    expect(applyBatch(failureCount, [false])).toBeGreaterThanOrEqual(disableAfterFailures)
  })
})
