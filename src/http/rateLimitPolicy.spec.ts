import { describe, expect, it } from 'vitest'

import { clientAddress, rateLimitHeaders } from './rateLimitPolicy'

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
