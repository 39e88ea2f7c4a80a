import { NextResponse, type NextRequest } from 'next/server'

import { proxySettingsFromEnvironment, type ProxySettings } from '@/config/configFromEnvironment'
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

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
}
