import { describe, expect, it } from 'vitest'

import { wholeNumberSetting } from './wholeNumberSetting'

describe('wholeNumberSetting', () => {
  const bounds = { min: 0, max: 10 }

  it('reads the value, or the fallback when unset or empty; 0 is a value', () => {
    expect(wholeNumberSetting({ N: '7' }, 'N', bounds, 3)).toBe(7)
    expect(wholeNumberSetting({ N: '0' }, 'N', bounds, 3)).toBe(0)
    expect(wholeNumberSetting({}, 'N', bounds, 3)).toBe(3)
    expect(wholeNumberSetting({ N: '' }, 'N', bounds, 3)).toBe(3)
  })

  it.each(['11', '-1', '2.5', 'many'])('refuses %s, naming the variable and the bounds', (raw) => {
    expect(() => wholeNumberSetting({ N: raw }, 'N', bounds, 3)).toThrow(
      'N must be a whole number from 0 to 10',
    )
  })
})
