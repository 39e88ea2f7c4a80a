import { describe, expect, it } from 'vitest'

import { crossOriginCookieRefusal, ownOrigins } from './cookieOrigin.mjs'

const noSettings = { adminOrigins: [], trustedProxyHops: 0 }

/** A request that reached `http://shop.example:3000` directly, with `headers` on top. */
const request = (method: string, headers: Record<string, string> = {}) => {
  const all: Record<string, string> = { host: 'shop.example:3000', ...headers }
  return { method, protocol: 'http:', header: (name: string) => all[name] }
}
const withCookie = (headers: Record<string, string> = {}) => ({
  cookie: 'payload-token=eyJ',
  ...headers,
})

describe('a request carrying a cookie', () => {
  it('changes something only from the origin the request reached', () => {
    const own = { origin: 'http://shop.example:3000' }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(crossOriginCookieRefusal(request(method, withCookie(own)), noSettings)).toBeUndefined()
      const refusal = crossOriginCookieRefusal(
        request(method, withCookie({ origin: 'https://evil.example' })),
        noSettings,
      )
      expect(refusal).toContain('Origin https://evil.example')
    }
  })

  it('is refused from another scheme, port or host of the same name', () => {
    for (const origin of [
      'https://shop.example:3000',
      'http://shop.example:3001',
      'http://sub.shop.example:3000',
      'null',
      'not a url',
    ]) {
      expect(
        crossOriginCookieRefusal(request('POST', withCookie({ origin })), noSettings),
        origin,
      ).toBeDefined()
    }
  })

  it('without an Origin, is judged by its Referer; with neither, is refused', () => {
    const ownPage = { referer: 'http://shop.example:3000/admin/collections/articles?x=1' }
    expect(
      crossOriginCookieRefusal(request('POST', withCookie(ownPage)), noSettings),
    ).toBeUndefined()
    const otherPage = { referer: 'https://evil.example/page' }
    expect(crossOriginCookieRefusal(request('POST', withCookie(otherPage)), noSettings)).toContain(
      'Referer https://evil.example',
    )
    expect(crossOriginCookieRefusal(request('POST', withCookie()), noSettings)).toContain(
      'neither Origin nor Referer',
    )
    // Without either, a browser's own word that the page is of the same origin is believed.
    const sameOrigin = { 'sec-fetch-site': 'same-origin' }
    expect(crossOriginCookieRefusal(request('POST', withCookie(sameOrigin)), noSettings)).toBe(
      undefined,
    )
    const crossSite = { 'sec-fetch-site': 'same-site' }
    expect(
      crossOriginCookieRefusal(request('POST', withCookie(crossSite)), noSettings),
    ).toBeDefined()
    const withOtherOrigin = { ...sameOrigin, origin: 'https://evil.example' }
    expect(
      crossOriginCookieRefusal(request('POST', withCookie(withOtherOrigin)), noSettings),
    ).toBeDefined()
    // An Origin decides even when the Referer would pass.
    const both = { origin: 'https://evil.example', ...ownPage }
    expect(crossOriginCookieRefusal(request('POST', withCookie(both)), noSettings)).toBeDefined()
  })

  it('reads from anywhere: GET, HEAD and OPTIONS change nothing', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const cross = withCookie({ origin: 'https://evil.example' })
      expect(crossOriginCookieRefusal(request(method, cross), noSettings)).toBeUndefined()
    }
  })
})

describe('a request without a cookie', () => {
  it('is never refused here: a token or key is sent by a client that holds it', () => {
    const cookieless: Record<string, string>[] = [
      { authorization: 'Bearer eyJ', origin: 'https://evil.example' },
      { 'x-api-key': 'k' },
      { cookie: '  ' },
      {},
    ]
    for (const headers of cookieless) {
      expect(crossOriginCookieRefusal(request('POST', headers), noSettings)).toBeUndefined()
    }
  })
})

describe("the app's own origins", () => {
  it('are SERVER_URL when set (whatever the request reached), then ADMIN_ORIGINS', () => {
    const settings = {
      serverUrl: 'https://shop.example/base/',
      adminOrigins: ['https://admin.shop.example'],
      trustedProxyHops: 0,
    }
    expect(ownOrigins(request('POST'), settings)).toEqual([
      'https://shop.example',
      'https://admin.shop.example',
    ])
    const fromSite = withCookie({ origin: 'https://shop.example' })
    expect(crossOriginCookieRefusal(request('POST', fromSite), settings)).toBeUndefined()
    const fromAdmin = withCookie({ origin: 'https://admin.shop.example' })
    expect(crossOriginCookieRefusal(request('POST', fromAdmin), settings)).toBeUndefined()
    const fromHost = withCookie({ origin: 'http://shop.example:3000' })
    expect(crossOriginCookieRefusal(request('POST', fromHost), settings)).toBeDefined()
  })

  it('behind trusted proxies, are what the nearest proxy forwarded', () => {
    const forwarded = {
      'x-forwarded-proto': 'http, HTTPS',
      'x-forwarded-host': 'evil.example, shop.example',
    }
    const behindOne = { ...noSettings, trustedProxyHops: 1 }
    expect(ownOrigins(request('POST', forwarded), behindOne)).toEqual(['https://shop.example'])
    // Not trusted: the forwarded headers are anyone's to write.
    expect(ownOrigins(request('POST', forwarded), noSettings)).toEqual(['http://shop.example:3000'])
  })

  it('are only ADMIN_ORIGINS for a request that names no host', () => {
    const noHost = { method: 'POST', protocol: 'http:', header: () => undefined }
    expect(ownOrigins(noHost, { ...noSettings, adminOrigins: ['https://a.example'] })).toEqual([
      'https://a.example',
    ])
  })
})
