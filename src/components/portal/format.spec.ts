import { describe, expect, it } from 'vitest'

import { formatHour, formatMs, formatRate, readableBody } from './format'

describe('the formats of the portal', () => {
  it('writes rates as percentages and durations in ms or s, a dash for none', () => {
    expect(formatRate(1)).toBe('100 %')
    expect(formatRate(0.926)).toBe('92.6 %')
    expect(formatRate(null)).toBe('—')
    expect(formatMs(97.4)).toBe('97 ms')
    expect(formatMs(12_345)).toBe('12.3 s')
    expect(formatMs(undefined)).toBe('—')
  })

  it('indents a JSON body for reading and leaves any other body as it is', () => {
    expect(readableBody('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(readableBody('ok')).toBe('ok')
  })

  it('writes an hour of the day on the 24-hour clock of the one date format', () => {
    expect(formatHour(new Date(2026, 0, 15, 9, 30).toISOString())).toBe('09:00')
    expect(formatHour(new Date(2026, 0, 15, 21, 0).toISOString())).toBe('21:00')
  })
})
