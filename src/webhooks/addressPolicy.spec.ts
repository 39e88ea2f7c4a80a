import { describe, expect, it } from 'vitest'

import {
  allowingSetting,
  forbiddenAddressMessage,
  isAddressAllowed,
  parseAllowedRanges,
} from './addressPolicy'

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
  it('says where the address is and what to do, in the words of the person who gave it', () => {
    expect(forbiddenAddressMessage({ host: '169.254.169.254', address: '169.254.169.254' })).toBe(
      'this address (169.254.169.254) is on a private network (169.254.x.x) that this service ' +
        'does not send to: use a public address',
    )
    expect(forbiddenAddressMessage({ host: 'localhost', address: '127.0.0.1' })).toBe(
      "localhost resolves to 127.0.0.1, an address on this service's own machine (localhost) " +
        'that this service does not send to: use a public address',
    )
    expect(forbiddenAddressMessage({ host: '10.0.0.8', address: '10.0.0.8' })).toMatch(
      /^this address \(10\.0\.0\.8\) is on a private network \(10\.x\.x\.x, .*use a public address$/,
    )
    expect(forbiddenAddressMessage({ host: 'h', address: '::ffff:127.0.0.1' })).toContain(
      "on this service's own machine (localhost)",
    )
    expect(forbiddenAddressMessage({ host: '0.0.0.0', address: '0.0.0.0' })).toBe(
      'this address (0.0.0.0) is in a reserved range that this service does not send to: ' +
        'use a public address',
    )
  })

  it('never names the server setting, which the person who gave the URL cannot reach', () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '169.254.169.254', 'fd00:ec2::254', '::']) {
      expect(forbiddenAddressMessage({ host: 'h', address })).not.toMatch(/WEBHOOK_|ranges|set /i)
    }
  })
})

describe('allowingSetting', () => {
  it('names the setting and the range that would allow the address, for the operator', () => {
    expect(allowingSetting('169.254.169.254')).toBe('WEBHOOK_ALLOWED_ADDRESS_RANGES=linkLocal')
    expect(allowingSetting('::ffff:127.0.0.1')).toBe('WEBHOOK_ALLOWED_ADDRESS_RANGES=loopback')
  })
})
