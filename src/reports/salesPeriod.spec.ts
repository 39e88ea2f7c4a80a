import { describe, expect, it } from 'vitest'

import { salesWindow } from './salesPeriod'

describe('salesWindow', () => {
  it('maps day, week and month to 1, 7 and 30 days, and defaults to a week', () => {
    expect(salesWindow('day')).toEqual({ days: 1, period: 'day' })
    expect(salesWindow('week')).toEqual({ days: 7, period: 'week' })
    expect(salesWindow('month')).toEqual({ days: 30, period: 'month' })
    expect(salesWindow(undefined)).toEqual({ days: 7, period: 'week' })
  })

  it('falls back to 7 days for anything else and echoes it', () => {
    expect(salesWindow('fortnight')).toEqual({ days: 7, period: 'fortnight' })
    expect(salesWindow('constructor')).toEqual({ days: 7, period: 'constructor' })
  })
})
