import { describe, expect, it } from 'vitest'

import { staleActiveFlag } from './staleActiveFlag'

const disabled = { isActive: false, disabledAt: '2026-01-31T12:00:00.123Z', failureCount: 100 }
const deactivated = { isActive: false, disabledAt: null, failureCount: 0 }
const active = { isActive: true, disabledAt: null, failureCount: 0 }

describe('staleActiveFlag', () => {
  it('says it in one part after the colon (the admin toast lists comma-separated parts)', () => {
    for (const current of [disabled, deactivated, active]) {
      const message = staleActiveFlag({
        wanted: !current.isActive,
        loaded: !current.isActive,
        current,
      })
      expect(message?.slice(message.indexOf(':'))).not.toContain(',')
    }
  })

  it('refuses to re-enable from a form that loaded it active before the worker disabled it', () => {
    expect(staleActiveFlag({ wanted: true, loaded: true, current: disabled })).toBe(
      'Active is now off: this subscription was disabled at 2026-01-31 12:00:00 UTC after 100 ' +
        'failed deliveries in a row (after you opened it). Reload the page to see it; then ' +
        'tick Active and save again to re-enable it.',
    )
  })

  it('names a deactivation by a person, and a re-enable, the same way', () => {
    expect(staleActiveFlag({ wanted: true, loaded: true, current: deactivated })).toMatch(
      /^Active is now off: this subscription was deactivated after you opened it\./,
    )
    expect(staleActiveFlag({ wanted: false, loaded: false, current: active })).toMatch(
      /^Active is now on: this subscription was re-enabled after you opened it\. .* untick Active/,
    )
  })

  it('lets a form that loaded the current value change it', () => {
    expect(staleActiveFlag({ wanted: true, loaded: false, current: disabled })).toBeNull()
    expect(staleActiveFlag({ wanted: false, loaded: true, current: active })).toBeNull()
  })

  it('lets a save that leaves the current value as it is through, whatever the form loaded', () => {
    expect(staleActiveFlag({ wanted: false, loaded: true, current: disabled })).toBeNull()
    expect(staleActiveFlag({ wanted: true, loaded: false, current: active })).toBeNull()
  })

  it('takes a write that does not say what it loaded, or sets nothing, as meant', () => {
    expect(staleActiveFlag({ wanted: true, loaded: undefined, current: disabled })).toBeNull()
    expect(staleActiveFlag({ wanted: undefined, loaded: true, current: disabled })).toBeNull()
  })
})
