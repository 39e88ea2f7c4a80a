import { describe, expect, it } from 'vitest'

import { attemptTrigger } from './attemptTrigger'

describe('attemptTrigger', () => {
  it("calls a test's first attempt a test, not the schedule's", () => {
    expect(attemptTrigger({ isManual: false, isTest: true, attempt: 1 })).toBe('test')
  })

  it("calls a test's retry by the schedule scheduled, and any attempt asked for by hand manual", () => {
    expect(attemptTrigger({ isManual: false, isTest: true, attempt: 2 })).toBe('scheduled')
    expect(attemptTrigger({ isManual: true, isTest: true, attempt: 2 })).toBe('manual')
    expect(attemptTrigger({ isManual: true, isTest: false, attempt: 1 })).toBe('manual')
    expect(attemptTrigger({ isManual: false, isTest: false, attempt: 1 })).toBe('scheduled')
  })
})
