import { describe, expect, it } from 'vitest'

import type { PortalSettings } from './portalSettings'
import {
  clearedSessionCookie,
  hashPortalToken,
  isPortalTokenShaped,
  newPortalToken,
  sessionCookie,
  sessionTokenOf,
} from './portalTokens'

const settings = (changes: Partial<PortalSettings> = {}): PortalSettings => ({
  linkMinutes: 15,
  idleMinutes: 30,
  sessionHours: 12,
  frameAncestors: [],
  isCookieSecure: true,
  ...changes,
})

describe('portal tokens', () => {
  it('are 256 random bits, URL-safe, different each time, stored only as a hash', () => {
    const [a, b] = [newPortalToken(), newPortalToken()]
    expect(a).not.toBe(b)
    expect(isPortalTokenShaped(a)).toBe(true)
    expect(hashPortalToken(a)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashPortalToken(a)).not.toContain(a)
    expect(isPortalTokenShaped('short')).toBe(false)
    expect(isPortalTokenShaped(`${a}'; drop table`)).toBe(false)
  })
})

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict and Secure, on every path, for the session only', () => {
    const cookie = sessionCookie({ token: 'tok', maxAgeSeconds: 3600.7, settings: settings() })
    expect(cookie.split('; ')).toEqual([
      'portal_session=tok',
      'Path=/',
      'HttpOnly',
      'Max-Age=3600',
      'SameSite=Strict',
      'Secure',
    ])
  })

  it('is not Secure under development over plain HTTP', () => {
    const cookie = sessionCookie({
      token: 'tok',
      maxAgeSeconds: 60,
      settings: settings({ isCookieSecure: false }),
    })
    expect(cookie).not.toContain('Secure')
  })

  it('reaches a frame of another site only when embedders are configured', () => {
    const cookie = sessionCookie({
      token: 'tok',
      maxAgeSeconds: 60,
      settings: settings({ frameAncestors: ['https://dash.example'], isCookieSecure: false }),
    })
    expect(cookie).toContain('SameSite=None')
    expect(cookie).toContain('Secure')
    expect(cookie).toContain('Partitioned')
  })

  it('is cleared with an empty value that expires at once', () => {
    expect(clearedSessionCookie(settings())).toMatch(/^portal_session=; .*Max-Age=0/)
  })

  it('is found among the other cookies of a request', () => {
    expect(sessionTokenOf('payload-token=x; portal_session=abc; theme=dark')).toBe('abc')
    expect(sessionTokenOf('payload-token=x')).toBeUndefined()
    expect(sessionTokenOf(null)).toBeUndefined()
    expect(sessionTokenOf('portal_session=')).toBeUndefined()
  })
})
