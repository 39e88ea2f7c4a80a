import { describe, expect, it } from 'vitest'

import { forbiddenAddressMessage, isAddressAllowed, parseAllowedRanges } from './addressPolicy'

describe('isAddressAllowed', () => {
  const none = parseAllowedRanges(undefined)

  it('allows public unicast addresses', () => {
    expect(isAddressAllowed('93.184.216.34', none)).toBe(true)
    expect(isAddressAllowed('2606:2800:220:1:248:1893:25c8:1946', none)).toBe(true)
  })

  it('refuses private, loopback, link-local and metadata addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-address',
    ]) {
      expect(isAddressAllowed(address, none), address).toBe(false)
    }
  })

  it('allows the ranges configuration names', () => {
    const loopback = parseAllowedRanges('loopback')
    expect(isAddressAllowed('127.0.0.1', loopback)).toBe(true)
    expect(isAddressAllowed('::1', loopback)).toBe(true)
    expect(isAddressAllowed('10.0.0.1', loopback)).toBe(false)
  })
})

describe('forbiddenAddressMessage', () => {
  it('names the setting, and the range that would allow the address', () => {
    expect(forbiddenAddressMessage({ host: 'localhost', address: '127.0.0.1' })).toBe(
      'localhost resolves to 127.0.0.1, an address webhooks may not reach ' +
        '(set WEBHOOK_ALLOWED_ADDRESS_RANGES=loopback to allow it)',
    )
    expect(forbiddenAddressMessage({ host: '10.0.0.8', address: '10.0.0.8' })).toMatch(
      /may not reach \(set WEBHOOK_ALLOWED_ADDRESS_RANGES=private to allow it\)$/,
    )
    expect(forbiddenAddressMessage({ host: 'h', address: '::ffff:127.0.0.1' })).toContain(
      'WEBHOOK_ALLOWED_ADDRESS_RANGES=loopback',
    )
  })
})
