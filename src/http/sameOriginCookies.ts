import {
  getPayload,
  headersWithCors,
  type Endpoint,
  type PayloadHandler,
  type PayloadRequest,
  type SanitizedConfig,
} from 'payload'

import { configOf } from '@/config/appConfig'
import { crossOriginCookieRefusal } from './cookieOrigin.mjs'
import { RefusedRequest } from './refusedRequest'
import type { ServerSettings } from './settings'
import { wrapPayloadRoutes } from './wrapPayloadRoutes'

/**
 * Why this request is refused for carrying a cookie from another origin
 * (`src/http/cookieOrigin.mjs`), or `undefined`. The request's own `Host` (else its URL's) is
 * the address it reached: Next reports `localhost` in `req.url` whatever the host was.
 */
export function crossOriginCookieProblem(req: {
  method?: string
  url?: string
  headers: Headers
  payload: PayloadRequest['payload']
}): string | undefined {
  const { url: serverUrl, adminOrigins, trustedProxyHops } = configOf(req.payload).server
  const url = new URL(req.url ?? 'http://localhost')
  return crossOriginCookieRefusal(
    {
      method: req.method ?? 'GET',
      protocol: url.protocol,
      header: (name) =>
        name === 'host' ? (req.headers.get('host') ?? url.host) : req.headers.get(name),
    },
    { serverUrl, adminOrigins, trustedProxyHops },
  )
}

/**
 * Every route Payload serves over REST (its collections', globals' and root routes; ours refuse
 * in `defineEndpoint`, in their own envelope) refuses a cookie from another origin with 403
 * before the route reads anything. The app's server refuses it before Next already
 * (`scripts/server.mjs`); this holds wherever Payload's handlers are called (another server,
 * the tests' in-process handlers). Payload's GraphQL route has `refusingCrossOriginCookies`.
 */
export function refuseCrossOriginCookies(config: SanitizedConfig): SanitizedConfig {
  return wrapPayloadRoutes(config, guard)
}

function guard(endpoint: Endpoint): PayloadHandler {
  return (req) => {
    const problem = crossOriginCookieProblem(req)
    if (problem) throw new RefusedRequest(problem, 403)
    return endpoint.handler(req)
  }
}

/**
 * Payload's own `csrf` list, the origins it takes its cookie from, agreeing with ours: with
 * `SERVER_URL`, its origin and `ADMIN_ORIGINS`. Without it the list is empty (Payload then takes
 * the cookie from any origin): the app's own origin is then the address each request reached,
 * which a fixed list cannot name, and our refusal has already turned away every other.
 */
export function payloadCsrfOrigins(server: Pick<ServerSettings, 'url' | 'adminOrigins'>): string[] {
  return server.url ? [new URL(server.url).origin, ...server.adminOrigins] : []
}

type Route = (request: Request) => Promise<Response>

/**
 * Payload's GraphQL route (answered outside its endpoints) refusing a cookie from another
 * origin with 403, in GraphQL's error shape, before it reads the query.
 */
export function refusingCrossOriginCookies(config: Promise<SanitizedConfig>, route: Route): Route {
  return async (request) => {
    if (!request.headers.get('cookie')?.trim()) return route(request)
    const payload = await getPayload({ config })
    const problem = crossOriginCookieProblem({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload,
    })
    if (!problem) return route(request)
    const req = { payload, headers: request.headers } as PayloadRequest
    return Response.json(
      { errors: [{ message: problem, extensions: { statusCode: 403 } }] },
      { status: 403, headers: headersWithCors({ headers: new Headers(), req }) },
    )
  }
}
