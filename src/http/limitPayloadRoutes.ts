import type { Endpoint, PayloadHandler, PayloadRequest, SanitizedConfig } from 'payload'

import { callerChecksOf } from './callerChecks'
import { countCallerRequest } from './callerRateLimit'
import { checkCredentials } from './credentialChecks'
import { HttpError } from './errors'
import { pageSizeProblem } from './pageSize'
import { RefusedRequest } from './refusedRequest'
import { configOf } from '@/config/appConfig'
import { wrapPayloadRoutes } from './wrapPayloadRoutes'

/**
 * Every route Payload serves over REST (its collections', globals' and root routes; ours pass
 * through `defineEndpoint`, which does the same) behind what our own routes have, before the
 * route reads anything:
 * - the caller's rate limit, shared with every other route (`callerBudget`), with its
 *   `RateLimit-*` headers on the answer and a 429 with `Retry-After` past it;
 * - every credential presented valid (401), each invalid one counted against the
 *   `credentials` limit of its address (429 past it);
 * - pages of at most `MAX_PAGE_SIZE` rows for anyone but an admin (400 otherwise, `limit=0`
 *   and `pagination=false` included).
 * Applied to the sanitized configuration, so that every way in (the route files, the tests'
 * in-process handlers) meets it; Payload's GraphQL has its own (`limitGraphQL`).
 */
export function limitPayloadRoutes(config: SanitizedConfig): SanitizedConfig {
  return wrapPayloadRoutes(config, limit)
}

function limit(endpoint: Endpoint): PayloadHandler {
  return async (req) => {
    const counted = await countCallerRequest(req)
    req.responseHeaders = new Headers(req.responseHeaders)
    for (const [name, value] of Object.entries(counted.headers)) {
      req.responseHeaders.set(name, value)
    }
    if (counted.isLimited) throw new RefusedRequest('Too many requests, retry later', 429)
    await checkCredentials(req).catch((thrown: unknown) => {
      throw thrown instanceof HttpError ? refusal(req, thrown) : thrown
    })
    if (endpoint.method === 'get' && !isAdmin(req)) {
      const problem = pageSizeProblem(req.query ?? {}, configOf(req.payload).rateLimits.maxPageSize)
      if (problem) throw new RefusedRequest(problem, 400)
    }
    return endpoint.handler(req)
  }
}

const isAdmin = (req: PayloadRequest) =>
  Boolean(req.user && callerChecksOf(req.payload).permits.admin(req.user))

/** An `HttpError` of the shared checks as Payload's own answer (`{ errors: [{ message }] }`). */
function refusal(req: PayloadRequest, error: HttpError): RefusedRequest {
  if (error.headers) req.responseHeaders = new Headers(error.headers)
  return new RefusedRequest(error.message, error.status)
}
