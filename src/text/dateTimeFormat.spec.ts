import { format } from 'date-fns'
import { describe, expect, it } from 'vitest'

import { dateTimePattern, formatDateTime } from './dateTimeFormat'

describe('the one date format of the admin panel and the portal', () => {
  it("writes what the admin panel's pattern writes, with the zone, for any time of the year", () => {
    // The admin panel writes dates with date-fns and `dateTimePattern`; the portal with
    // `formatDateTime`: a reader sees one format on both.
    for (const iso of [
      '2026-01-05T09:03:07Z',
      '2026-03-29T01:30:00Z',
      '2026-07-15T23:59:59Z',
      '2026-10-25T00:30:00Z',
      '2026-11-27T14:05:00Z',
      '2026-12-31T23:00:00Z',
    ]) {
      const date = new Date(iso)
      expect(formatDateTime(iso)).toBe(format(date, dateTimePattern))
      expect(formatDateTime(date)).toBe(format(date, dateTimePattern))
    }
  })

  it('reads as day, short month, year, 24-hour time to the second and the offset from UTC', () => {
    const written = formatDateTime('2026-11-27T14:05:09Z')
    expect(written).toMatch(/^\d{1,2} [A-Z][a-z]{2} 2026, \d{2}:\d{2}:09 UTC[+-]\d{2}:\d{2}$/)
    const offsetMinutes = -new Date('2026-11-27T14:05:09Z').getTimezoneOffset()
    if (offsetMinutes === 0) expect(written).toBe('27 Nov 2026, 14:05:09 UTC+00:00')
  })
})
