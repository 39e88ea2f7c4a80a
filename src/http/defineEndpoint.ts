import type { Endpoint, PayloadRequest } from 'payload'

import { errorBody, type ErrorFamily } from './envelopes'
import { HttpError, unauthorized } from './errors'
import { addressRateLimitKey } from './requestAddress'
import { rateLimitHeaders, type PolicyName } from './rateLimitPolicy'
import type { DocumentedOperation, EndpointAccess, OperationDocs } from '@/openapi/operation'
import { consumeRateLimit } from './rateLimiter'
import { countCallerRequest } from './callerRateLimit'
import { checkCredentials } from './credentialChecks'
import { nulInUrl, readBodyWithin } from './requestBody'
import { configOf } from '@/config/appConfig'
import { toHttpError } from './toHttpError'
import { callerChecksOf } from './callerChecks'
import { crossOriginCookieProblem } from './sameOriginCookies'

export type { EndpointAccess }

/** Everything the HTTP layer needs to know about a custom endpoint. */
export type EndpointSpec = {
  /** Path below `/api`, in Payload's router syntax (`/v1/articles/:id`). */
  path: string
  method: Endpoint['method']
  /** Which error envelope the endpoint answers with (`src/http/envelopes.ts`). */
  family: ErrorFamily
  /** Who may call it: anything but `anyone` answers 401 without credentials, 403 without the role. */
  access: EndpointAccess
  /**
   * The rate-limit policy counted per consumer, user or address; unless named, the caller's
   * budget shared with every other route (`default`, or `editors` for an editor or admin).
   */
  rateLimit?: PolicyName
  /**
   * The endpoint authenticates its caller itself, by a signature over the body (a provider's
   * callback): a request it accepts counts no rate limit, so a burst of genuine callbacks behind
   * one proxy is never refused; one it refuses as unauthenticated (400, 401 or 403) counts against
   * `rateLimit`, per address, and past it is answered 429 instead.
   */
  countsOnlyRefusals?: boolean
  /**
   * An operations probe (health checks, the metrics scrape), open to anyone: it must stay cheap
   * and never fail for a reason of the caller's, so it counts no rate limit (no write, no
   * `RateLimit-*` headers) and checks no credentials (a load balancer sends none; the scraper
   * sends a token of its own, which the handler compares).
   */
  isProbe?: boolean
  /**
   * Signing out of the portal: a change a read-only portal session may make too (it needs the
   * portal's own `Origin` all the same).
   */
  isPortalSignOut?: boolean
  handler: (req: PayloadRequest) => Promise<Response> | Response
  /** Its entry in the API reference (`GET /api/openapi.json`), generated from these schemas. */
  openapi: OperationDocs
}

/**
 * Wraps an endpoint's handler with what every custom endpoint does the same way: rate limiting
 * (with `RateLimit-*` headers on every answer), the refusal of a cookie from another origin (403,
 * before the body is read), the input layer (no NUL in the URL, the body read within `MAX_BODY_BYTES` and
 * declared `application/json`, else 415), authentication (every credential presented must be valid) and
 * role checks, and the mapping of anything thrown to a 4xx in the endpoint's envelope, or a
 * logged 500.
 */
export function defineEndpoint(spec: EndpointSpec): Endpoint {
  if (spec.isProbe && (spec.access !== 'anyone' || spec.rateLimit)) {
    throw new Error(`${spec.path}: a probe is open to anyone and has no rate limit`)
  }
  const reference: DocumentedOperation = {
    path: spec.path,
    method: spec.method,
    family: spec.family,
    access: spec.access,
    rateLimit: spec.isProbe ? 'none' : (spec.rateLimit ?? 'default'),
    countsOnlyRefusals: spec.countsOnlyRefusals ?? false,
    docs: spec.openapi,
  }
  const acceptsPortalSession = spec.openapi.security?.includes('portalSession') ?? false
  return {
    path: spec.path,
    method: spec.method,
    custom: { openapi: reference },
    handler: async (req) => {
      let limitHeaders: Record<string, string> = {}
      let isCrossOriginRefusal = false
      try {
        const portal = acceptsPortalSession
          ? await callerChecksOf(req.payload).authenticateSession(req)
          : ({ state: 'absent' } as const)
        if (!spec.isProbe && !spec.countsOnlyRefusals) {
          const counted = await countCallerRequest(req, spec.rateLimit)
          limitHeaders = counted.headers
          if (counted.isLimited) {
            throw new HttpError({ code: 'rate_limited', message: 'Too many requests, retry later' })
          }
        }
        // Before the body is read or anything runs: a cookie from another origin changes
        // nothing (counted against the caller's limit, with its headers, as every answer is).
        const crossOrigin = crossOriginCookieProblem(req)
        if (crossOrigin) {
          isCrossOriginRefusal = true
          throw new HttpError({ code: 'forbidden', message: crossOrigin })
        }
        await bufferBody(req)
        // Not counted against the credentials limit: a session cookie cannot be guessed (256
        // random bits), and each page of a portal left idle makes several calls at once, which
        // would lock the logins of everyone behind the same address out.
        if (portal.state === 'ended') throw unauthorized(portal.reason)
        if (portal.state === 'live') {
          portal.assertChangeAllowed({ isSignOut: spec.isPortalSignOut ?? false })
        }
        if (!spec.isProbe) await checkCredentials(req)
        authorize(spec.access, req)
        refuseNulInUrl(req, spec.openapi.errors?.includes('not_found') ?? false)
        const response = await spec.handler(req)
        for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value)
        return response
      } catch (thrown) {
        let error = toHttpError(thrown)
        if (spec.countsOnlyRefusals && refusalStatuses.has(error.status)) {
          const { policy, state } = await consumeRateLimit({
            payload: req.payload,
            policy: spec.rateLimit ?? 'default',
            key: addressRateLimitKey(req),
          })
          limitHeaders = rateLimitHeaders(policy, state)
          // A cookie from another origin stays a 403: no credential was guessed (a browser sent
          // its own), and the answer must not depend on what other pages of the address spent.
          if (state.isLimited && !isCrossOriginRefusal) {
            error = new HttpError({
              code: 'rate_limited',
              message: `Too many requests from this address that failed authentication (${error.message}); retry later`,
            })
          }
        }
        if (error.status >= 500) {
          // An HttpError is an answer the code chose (and logged where it knew why): one line.
          req.payload.logger.error({
            msg: `${spec.method.toUpperCase()} ${spec.path} failed`,
            ...(thrown instanceof HttpError ? { reason: thrown.message } : { err: thrown }),
          })
        }
        return Response.json(errorBody(spec.family, error), {
          status: error.status,
          headers: { ...limitHeaders, ...error.headers },
        })
      }
    },
  }
}

/**
 * Answers that refuse an unauthenticated caller, which `countsOnlyRefusals` counts: a bad or
 * unsigned request (400), a credential that does not verify (401), a request from the wrong
 * site (403, the portal link's exchange).
 */
const refusalStatuses = new Set([400, 401, 403])

function authorize(access: EndpointAccess, req: PayloadRequest) {
  if (access === 'anyone') return
  if (!req.user) {
    throw new HttpError({
      code: 'unauthorized',
      message: 'Authentication required: send a Bearer token or an X-API-Key header',
    })
  }
  if (!callerChecksOf(req.payload).permits[access](req.user)) {
    throw new HttpError({ code: 'forbidden', message: `This endpoint requires the ${access} role` })
  }
}

/**
 * A NUL (`%00`) names nothing this API stores (PostgreSQL cannot hold it): in the query it is a
 * 400 naming the parameter; in the path, a 404 where the operation looks something up by it
 * (an operation that reads nothing from its path, such as a 405, answers as it always does).
 */
function refuseNulInUrl(req: PayloadRequest, looksUpPath: boolean) {
  const where = req.url ? nulInUrl(new URL(req.url)) : undefined
  if (where === undefined || (where === '(path)' && !looksUpPath)) return
  const message = 'must not contain the NUL character (%00)'
  throw new HttpError(
    where === '(path)'
      ? { code: 'not_found', message: 'Not found: the path holds a NUL character (%00)' }
      : {
          code: 'validation_failed',
          message: `Invalid input: ${where}: ${message}`,
          details: [{ field: where, message }],
        },
  )
}

/**
 * Reads the body once, within `MAX_BODY_BYTES` (413 from the declared length, or as soon as a
 * streamed body crosses it, the rest unread), and serves the handler's `text()` and `json()`
 * from what was read.
 */
async function bufferBody(req: PayloadRequest) {
  if (!req.body) return
  const bytes = await readBodyWithin(
    req as { headers: Headers; body: ReadableStream },
    configOf(req.payload).server.maxBodyBytes,
  )
  if (bytes.byteLength > 0 && !isJson(req.headers.get('content-type'))) {
    throw new HttpError({
      code: 'unsupported_media_type',
      message: `The request body must be JSON, sent as Content-Type: application/json (it was ${
        req.headers.get('content-type') || 'absent'
      })`,
    })
  }
  const text = new TextDecoder().decode(bytes)
  Object.assign(req, {
    text: async () => text,
    json: async () => JSON.parse(text),
    arrayBuffer: async () => bytes.slice().buffer,
  })
}

/**
 * Whether a body is declared JSON: `application/json`, with parameters (`; charset=utf-8`) or
 * none. A form or text body is refused (415) rather than read as JSON: a page of another site
 * may send a form or `text/plain` to any address without asking, never `application/json`.
 */
const isJson = (contentType: string | null) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json'
