import { describe, expect, it } from 'vitest'

import { paymentSandboxApiKey, paymentSandboxSettings } from './paymentSandboxSettings'

describe('paymentSandboxSettings', () => {
  it('is on by default outside production, on the app at 127.0.0.1:$PORT', () => {
    const settings = paymentSandboxSettings({ NODE_ENV: 'development', PORT: '4000' })
    expect(settings).toMatchObject({
      isOn: true,
      isProduction: false,
      appAddress: 'http://127.0.0.1:4000',
    })
    expect(paymentSandboxSettings({})).toMatchObject({ appAddress: 'http://127.0.0.1:3000' })
  })

  it('uses STRIPE_API_BASE as the app address when set', () => {
    expect(paymentSandboxSettings({ STRIPE_API_BASE: 'http://127.0.0.1:5555/' })).toMatchObject({
      isOn: true,
      appAddress: 'http://127.0.0.1:5555',
    })
  })

  it('is off with a Stripe key, whatever PAYMENT_SANDBOX says', () => {
    for (const flag of [undefined, 'true', 'false']) {
      const settings = paymentSandboxSettings({
        STRIPE_SECRET_KEY: 'sk_test_x',
        PAYMENT_SANDBOX: flag,
      })
      expect(settings.isOn).toBe(false)
      expect(settings.why).toMatch(/STRIPE_SECRET_KEY is set/)
    }
  })

  it('runs in production only with PAYMENT_SANDBOX=true, and says so', () => {
    expect(paymentSandboxSettings({ NODE_ENV: 'production' }).isOn).toBe(false)
    const on = paymentSandboxSettings({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' })
    expect(on).toMatchObject({ isOn: true, isProduction: true })
    expect(on.why).toMatch(/PAYMENT_SANDBOX=true/)
  })

  it('is off with PAYMENT_SANDBOX=false and refuses other values', () => {
    expect(paymentSandboxSettings({ PAYMENT_SANDBOX: 'false' }).isOn).toBe(false)
    expect(() => paymentSandboxSettings({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/)
  })
})

describe('paymentSandboxApiKey', () => {
  it('is a test key derived from the secret', () => {
    const key = paymentSandboxApiKey('secret-a')
    expect(key).toMatch(/^sk_test_sandbox_[0-9a-f]{32}$/)
    expect(paymentSandboxApiKey('secret-a')).toBe(key)
    expect(paymentSandboxApiKey('secret-b')).not.toBe(key)
  })
})
