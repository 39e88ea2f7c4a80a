import { NextResponse, type NextRequest } from 'next/server'

import {
  proxySettingsFromEnvironment,
  type ProxySettings,
} from '@/composition/configFromEnvironment'
import { isPortalPage, portalPageHeaders } from '@/http/portalPagePolicy'
import { requestIdFor } from '@/http/requestId.mjs'

let settings: ProxySettings | undefined

/**
 * Tags every request and its response with `X-Request-Id` (the caller's own when it sent a
 * sane one), so that a support question can be matched to the server's log line; gives the
 * portal's pages their Content-Security-Policy with a fresh nonce (Next reads it from the
 * request's header and puts it on the page's scripts).
 */
export function proxy(request: NextRequest) {
  const requestId = requestIdFor(request.headers.get('x-request-id'))
  const headers = new Headers(request.headers)
  headers.set('x-request-id', requestId)
  const pageHeaders = isPortalPage(request.nextUrl.pathname)
    ? portalPageHeaders({
        nonce: btoa(globalThis.crypto.randomUUID()),
        frameAncestors: (settings ??= proxySettingsFromEnvironment()).portalFrameAncestors,
        isDevelopment: settings.isDevelopment,
      })
    : {}
  if (pageHeaders['content-security-policy']) {
    headers.set('content-security-policy', pageHeaders['content-security-policy'])
  }
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('x-request-id', requestId)
  for (const [name, value] of Object.entries(pageHeaders)) response.headers.set(name, value)
  return response
}

/**
 * Every request but Next's static files, and but an image upload (multipart, as Payload tells
 * one: a content type containing `multipart/`) to the media API (`POST /api/media`,
 * `PATCH /api/media/{id}`). Next copies the body of each request it hands a proxy and cuts that
 * copy at `experimental.proxyClientMaxBodySize` (10 MB unless set) without a word: Payload then
 * read a form that ended early and answered 400 "Unexpected end of form" for any image over
 * 10 MB, whatever `MEDIA_MAX_MEGABYTES` (up to 100) allowed. Kept out of the proxy, an upload
 * streams straight to Payload, whose `upload.limits.fileSize` (`MEDIA_MAX_MEGABYTES`, read when
 * the app starts) refuses a larger image with 413 (`answerOversizedUploadsWithTheLimit`): no
 * second limit that must agree with it, and no in-memory copy of the upload. Every other body
 * keeps Next's 10 MB cut (the custom endpoints refuse a body over `MAX_BODY_BYTES` themselves).
 * Such an upload still gets its `X-Request-Id` from the app server (`scripts/server.mjs`), which
 * tags every request before Next sees it, under `npm start` and `npm run dev` alike. An upload
 * collection added later belongs here too. The matchers are fixed when the app is built.
 */
export const config = {
  matcher: [
    '/((?!_next/static|_next/image|favicon.ico|api/media(?:/|$)).*)',
    {
      source: '/api/media/:path*',
      missing: [{ type: 'header', key: 'content-type', value: '.*multipart/.*' }],
    },
  ],
}
