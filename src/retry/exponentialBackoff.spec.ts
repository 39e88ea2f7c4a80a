import { describe, expect, it } from 'vitest'

import { exponentialDelay, spread, withJitter } from './exponentialBackoff'

describe('exponentialDelay', () => {
  it('doubles the first wait for each attempt after it, up to the longest', () => {
    const backoff = { first: 5, max: 60 }
    expect([0, 1, 2, 3, 4, 5, 20].map((attempt) => exponentialDelay(backoff, attempt))).toEqual([
      5, 5, 10, 20, 40, 60, 60,
    ])
    expect(exponentialDelay({ first: 200 }, 6)).toBe(6400)
  })

  it('spreads each wait over the jitter range, the random draw deciding where', () => {
    const backoff = { first: 1000, jitter: spread(0.1) }
    expect(exponentialDelay(backoff, 1, () => 0)).toBe(900)
    expect(exponentialDelay(backoff, 1, () => 0.5)).toBe(1000)
    expect(exponentialDelay(backoff, 2, () => 0.999_999)).toBeCloseTo(2200, 2)
    expect(exponentialDelay({ first: 100, jitter: [0.5, 1] }, 1, () => 0)).toBe(50)
  })
})

describe('withJitter', () => {
  it('leaves a wait without jitter as it is', () => {
    expect(withJitter(1234, undefined, () => 0)).toBe(1234)
  })
})
