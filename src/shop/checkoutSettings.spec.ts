import { describe, expect, it } from 'vitest'

import { checkoutSettings, sessionExpiry } from './checkoutSettings'

describe('checkoutSettings', () => {
  it('defaults to the guest variant, localhost and a one-hour session', () => {
    expect(checkoutSettings({})).toEqual({
      requiresAuth: false,
      frontendUrl: 'http://localhost:3000',
      sessionTtlMinutes: 60,
      maxPendingOrders: 5,
      maxHeldUnits: 50,
    })
  })

  it('reads the variant, the storefront address and the session lifetime', () => {
    expect(
      checkoutSettings({
        CHECKOUT_REQUIRE_AUTH: 'true',
        FRONTEND_URL: 'https://shop.example.com/',
        CHECKOUT_SESSION_TTL_MINUTES: '30',
        CHECKOUT_MAX_PENDING_ORDERS: '2',
        CHECKOUT_MAX_HELD_UNITS: '10',
      }),
    ).toEqual({
      requiresAuth: true,
      frontendUrl: 'https://shop.example.com',
      sessionTtlMinutes: 30,
      maxPendingOrders: 2,
      maxHeldUnits: 10,
    })
    expect(checkoutSettings({ CHECKOUT_REQUIRE_AUTH: 'yes' }).requiresAuth).toBe(false)
  })

  it.each(['29', '1441', '60.5', 'soon'])('refuses a session lifetime of %s minutes', (ttl) => {
    expect(() => checkoutSettings({ CHECKOUT_SESSION_TTL_MINUTES: ttl })).toThrow(/30 to 1440/)
  })

  it.each(['0', '-1', '2.5', 'many'])('refuses a reservation bound of %s', (bound) => {
    expect(() => checkoutSettings({ CHECKOUT_MAX_PENDING_ORDERS: bound })).toThrow(
      /CHECKOUT_MAX_PENDING_ORDERS must be a whole number from 1/,
    )
    expect(() => checkoutSettings({ CHECKOUT_MAX_HELD_UNITS: bound })).toThrow(
      /CHECKOUT_MAX_HELD_UNITS must be a whole number from 1/,
    )
  })

  it('sends Stripe the lifetime, but at 30 minutes a minute more for the way there', () => {
    const now = new Date('2026-01-15T09:00:00.000Z')
    expect(sessionExpiry(now, 60).toISOString()).toBe('2026-01-15T10:00:00.000Z')
    expect(sessionExpiry(now, 31).toISOString()).toBe('2026-01-15T09:31:00.000Z')
    expect(sessionExpiry(now, 30).toISOString()).toBe('2026-01-15T09:31:00.000Z')
  })
})
