import { describe, expect, it } from 'vitest'

import { isSystemWrite, systemWrite } from './systemWrite'

describe('system writes to orders', () => {
  it('recognises the context the system writes with', () => {
    expect(isSystemWrite(systemWrite)).toBe(true)
  })

  it('still recognises it among other keys Payload or hooks add to the context', () => {
    expect(isSystemWrite({ triggerAfterChange: false, ...systemWrite, requestId: 'r-1' })).toBe(
      true,
    )
  })

  it('treats an absent, empty or ordinary context as an administrator’s change', () => {
    expect(isSystemWrite(undefined)).toBe(false)
    expect(isSystemWrite({})).toBe(false)
    expect(isSystemWrite({ disableRevalidate: true, requestId: 'r-1' })).toBe(false)
  })

  it('recognises only the flag itself, not a look-alike value', () => {
    for (const value of ['true', 1, {}, [true]]) {
      expect(isSystemWrite({ isSystemOrderWrite: value }), String(value)).toBe(false)
    }
    expect(isSystemWrite({ isSystemOrderWrite: false })).toBe(false)
  })
})
