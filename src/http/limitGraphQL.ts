import {
  createPayloadRequest,
  headersWithCors,
  type PayloadRequest,
  type SanitizedConfig,
} from 'payload'

import { countCallerRequest } from './callerRateLimit'
import { checkCredentials } from './credentialChecks'
import { HttpError } from './errors'

type GraphQLRoute = (request: Request) => Promise<Response>

/**
 * Payload's GraphQL route behind the same rate limit and credential checks as every REST route
 * (`limitPayloadRoutes`): Payload answers GraphQL outside its endpoints, so the route file wraps
 * its handler with this. The caller is authenticated once more here (Payload's handler does it
 * again): GraphQL is no part of the app's own traffic, and a refused request reads no body.
 * What one request may ask for is bounded by `limitGraphQLLists`.
 */
export function limitGraphQL(config: Promise<SanitizedConfig>, route: GraphQLRoute): GraphQLRoute {
  return async (request) => {
    const req = await createPayloadRequest({ config, request })
    let headers: Record<string, string>
    try {
      const counted = await countCallerRequest(req)
      headers = counted.headers
      if (counted.isLimited) {
        return refusal(req, 429, 'Too many requests, retry later', counted.headers)
      }
      await checkCredentials(req)
    } catch (thrown) {
      if (!(thrown instanceof HttpError)) throw thrown
      return refusal(req, thrown.status, thrown.message, thrown.headers ?? {})
    }
    const response = await route(request)
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return response
  }
}

/** A refusal in GraphQL's error shape, with Payload's CORS headers and `headers`. */
function refusal(
  req: PayloadRequest,
  status: number,
  message: string,
  headers: Record<string, string>,
): Response {
  return Response.json(
    { errors: [{ message, extensions: { statusCode: status } }] },
    { status, headers: headersWithCors({ headers: new Headers(headers), req }) },
  )
}
