import { describe, expect, it } from 'vitest'

import { addressKey, clientAddress, rateLimitHeaders } from './rateLimitPolicy'

describe('rateLimitHeaders', () => {
  const policy = { name: 'default', points: 10, windowSeconds: 60 }

  it('announces the limit, what is left and when the window resets', () => {
    expect(
      rateLimitHeaders(policy, { remaining: 7, msBeforeReset: 41_200, isLimited: false }),
    ).toEqual({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '7', 'RateLimit-Reset': '42' })
  })

  it('adds Retry-After when the request is refused, never shorter than one second', () => {
    expect(
      rateLimitHeaders(policy, { remaining: 0, msBeforeReset: 15, isLimited: true }),
    ).toMatchObject({ 'Retry-After': '1', 'RateLimit-Remaining': '0' })
  })
})

describe('clientAddress', () => {
  it('takes the hop appended by the server, not one the client wrote', () => {
    expect(clientAddress('6.6.6.6, 10.0.0.7')).toBe('10.0.0.7')
  })

  it('steps over trusted reverse proxies', () => {
    expect(clientAddress('203.0.113.9, 10.0.0.2, 10.0.0.7', 1)).toBe('10.0.0.2')
  })

  it('falls back to "unknown" without the header', () => {
    expect(clientAddress(null)).toBe('unknown')
  })
})

describe('addressKey', () => {
  it('counts an IPv4 address as itself, mapped into IPv6 or not', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:cb00:7109')).toBe('203.0.113.9')
  })

  it('counts every address of an IPv6 /64 as one, however it is spelled', () => {
    const key = '2001:db8:5:6::/64'
    expect(addressKey('2001:db8:5:6::1')).toBe(key)
    expect(addressKey('2001:0DB8:0005:0006:aaaa:bbbb:cccc:dddd')).toBe(key)
    expect(addressKey('[2001:db8:5:6::2]')).toBe(key)
    expect(addressKey('2001:db8:5:6::3%eth0')).toBe(key)
    expect(addressKey('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })

  it('leaves what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown')
    expect(addressKey('1:2:3')).toBe('1:2:3')
    expect(addressKey('1::2::3')).toBe('1::2::3')
  })
})
