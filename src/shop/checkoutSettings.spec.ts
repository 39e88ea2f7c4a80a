import { describe, expect, it } from 'vitest'

import { checkoutSettings } from './checkoutSettings'

describe('checkoutSettings', () => {
  it('defaults to the guest variant, localhost and a one-hour session', () => {
    expect(checkoutSettings({})).toEqual({
      requiresAuth: false,
      frontendUrl: 'http://localhost:3000',
      sessionTtlMinutes: 60,
    })
  })

  it('reads the variant, the storefront address and the session lifetime', () => {
    expect(
      checkoutSettings({
        CHECKOUT_REQUIRE_AUTH: 'true',
        FRONTEND_URL: 'https://shop.example.com/',
        CHECKOUT_SESSION_TTL_MINUTES: '45',
      }),
    ).toEqual({
      requiresAuth: true,
      frontendUrl: 'https://shop.example.com',
      sessionTtlMinutes: 45,
    })
    expect(checkoutSettings({ CHECKOUT_REQUIRE_AUTH: 'yes' }).requiresAuth).toBe(false)
  })

  it.each(['30', '1441', '60.5', 'soon'])('refuses a session lifetime of %s minutes', (ttl) => {
    expect(() => checkoutSettings({ CHECKOUT_SESSION_TTL_MINUTES: ttl })).toThrow(/31 to 1440/)
  })
})
