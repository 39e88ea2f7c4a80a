import { describe, expect, it } from 'vitest'

import {
  defaultRetrySchedule,
  nextRetryDelay,
  parseRetryAfter,
  parseRetrySchedule,
} from './retryPolicy'

describe('parseRetrySchedule', () => {
  it('reads the default schedule: ten attempts, the first at once', () => {
    const schedule = parseRetrySchedule(defaultRetrySchedule)
    expect(schedule).toHaveLength(10)
    expect(schedule.slice(0, 4)).toEqual([0, 5000, 300_000, 1_800_000])
    expect(schedule[9]).toBe(86_400_000)
  })

  it('refuses what it cannot read', () => {
    expect(() => parseRetrySchedule('0,5x')).toThrow(/5x/)
  })
})

describe('nextRetryDelay', () => {
  const schedule = [0, 1000, 60_000]

  it('follows the schedule within the jitter, then gives up', () => {
    expect(nextRetryDelay({ attempt: 1, schedule, random: () => 0.5 })).toBe(1000)
    expect(nextRetryDelay({ attempt: 1, schedule, random: () => 0 })).toBe(900)
    expect(nextRetryDelay({ attempt: 2, schedule, random: () => 1 })).toBe(66_000)
    expect(nextRetryDelay({ attempt: 3, schedule })).toBeNull()
  })

  it('never retries earlier than Retry-After asked', () => {
    expect(nextRetryDelay({ attempt: 1, schedule, retryAfterMs: 30_000, random: () => 0.5 })).toBe(
      30_000,
    )
  })
})

describe('parseRetryAfter', () => {
  const now = new Date('2026-01-15T10:00:00Z')

  it('reads seconds and HTTP dates, capped at a day', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter('Thu, 15 Jan 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('999999999', now)).toBe(86_400_000)
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter(null, now)).toBeNull()
  })
})
