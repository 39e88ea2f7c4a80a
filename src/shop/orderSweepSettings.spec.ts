import { describe, expect, it } from 'vitest'

import { orderSweepSettings } from './orderSweepSettings'

describe('orderSweepSettings', () => {
  it('sweeps every minute the orders older than the session lifetime plus ten minutes', () => {
    expect(orderSweepSettings({})).toEqual({
      marginMinutes: 10,
      intervalSeconds: 60,
      staleAfterMinutes: 70,
    })
  })

  it('adds the margin to the configured session lifetime', () => {
    expect(
      orderSweepSettings({
        CHECKOUT_SESSION_TTL_MINUTES: '1440',
        ORDER_SWEEP_MARGIN_MINUTES: '0',
        ORDER_SWEEP_INTERVAL_SECONDS: '5',
      }),
    ).toEqual({ marginMinutes: 0, intervalSeconds: 5, staleAfterMinutes: 1440 })
  })

  it.each(['-1', '1.5', 'soon', '1441'])('refuses a margin of %s minutes', (margin) => {
    expect(() => orderSweepSettings({ ORDER_SWEEP_MARGIN_MINUTES: margin })).toThrow(
      /ORDER_SWEEP_MARGIN_MINUTES must be a whole number from 0 to 1440/,
    )
  })

  it.each(['0', '2.5', 'often', '86401'])('refuses an interval of %s seconds', (interval) => {
    expect(() => orderSweepSettings({ ORDER_SWEEP_INTERVAL_SECONDS: interval })).toThrow(
      /ORDER_SWEEP_INTERVAL_SECONDS must be a whole number from 1 to 86400/,
    )
  })

  it('refuses a session lifetime checkout would refuse', () => {
    expect(() => orderSweepSettings({ CHECKOUT_SESSION_TTL_MINUTES: '10' })).toThrow(
      /CHECKOUT_SESSION_TTL_MINUTES/,
    )
  })
})
