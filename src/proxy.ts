import { NextResponse, type NextRequest } from 'next/server'

import { requestIdFor } from '@/http/requestId.mjs'

/**
 * Tags every request and its response with `X-Request-Id` (the caller's own when it sent a
 * sane one), so that a support question can be matched to the server's log line.
 */
export function proxy(request: NextRequest) {
  const requestId = requestIdFor(request.headers.get('x-request-id'))
  const headers = new Headers(request.headers)
  headers.set('x-request-id', requestId)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('x-request-id', requestId)
  return response
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
}
