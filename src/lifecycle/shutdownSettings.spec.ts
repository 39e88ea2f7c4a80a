import { describe, expect, it } from 'vitest'

import { shutdownTimeoutMs } from './shutdownSettings'

describe('shutdownTimeoutMs', () => {
  it('is 25 s unless SHUTDOWN_TIMEOUT_SECONDS says otherwise', () => {
    expect(shutdownTimeoutMs({})).toBe(25_000)
    expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_SECONDS: ' ' })).toBe(25_000)
    expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_SECONDS: '8' })).toBe(8_000)
    expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_SECONDS: '0.5' })).toBe(500)
  })

  it('refuses what is not a positive number of seconds, naming the setting', () => {
    for (const value of ['0', '-3', 'soon', 'Infinity']) {
      expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(
        /SHUTDOWN_TIMEOUT_SECONDS must be a positive number/,
      )
    }
  })
})
