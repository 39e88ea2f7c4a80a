import { describe, expect, it } from 'vitest'

import { scheduledForText } from './scheduleText'

describe('scheduledForText', () => {
  const at = new Date('2026-11-28T08:05:00Z')

  it('says the time in the zone the schedule was set in, and names it', () => {
    expect(scheduledForText({ at, timeZone: 'Europe/Berlin', siteTimeZone: 'UTC' })).toBe(
      'Scheduled for 28 Nov 2026, 09:05 (Europe/Berlin)',
    )
  })

  it("uses the site's zone for a schedule that names none (one set through the API)", () => {
    expect(scheduledForText({ at, timeZone: null, siteTimeZone: 'UTC' })).toBe(
      'Scheduled for 28 Nov 2026, 08:05 (UTC)',
    )
    expect(scheduledForText({ at, timeZone: '', siteTimeZone: 'Asia/Tokyo' })).toBe(
      'Scheduled for 28 Nov 2026, 17:05 (Asia/Tokyo)',
    )
  })

  it('writes midnight as 00:00, not 24:00', () => {
    const midnight = new Date('2026-11-28T00:00:00Z')
    expect(scheduledForText({ at: midnight, timeZone: 'UTC', siteTimeZone: 'UTC' })).toBe(
      'Scheduled for 28 Nov 2026, 00:00 (UTC)',
    )
  })
})
