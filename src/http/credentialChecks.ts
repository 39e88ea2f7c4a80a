import type { PayloadRequest } from 'payload'

import { callerChecksOf } from './callerChecks'
import { HttpError } from './errors'
import { rateLimitHeaders } from './rateLimitPolicy'
import { consumeRateLimit } from './rateLimiter'
import { addressRateLimitKey } from './requestAddress'

/** The credential headers of a request, each of which Payload may authenticate on its own. */
const credentialHeaders = [
  ['authorization', 'Authorization header'],
  ['x-api-key', 'X-API-Key header'],
] as const

/**
 * Any credential presented must be valid, whatever else is presented, on every route (ours and
 * Payload's): an invalid one is a 401 even where anyone may call (a client that thinks it is
 * signed in learns it is not), and when two are presented each is checked on its own (Payload
 * stops at the first that succeeds). Each invalid one counts against the `credentials` limit of
 * its address, so guessing keys or tokens anywhere runs into it (429). A suspended consumer's
 * key authenticates no one either, and is answered 403 with the suspension's reason.
 */
export async function checkCredentials(req: PayloadRequest) {
  const presented = credentialHeaders.filter(([name]) => req.headers.get(name)?.trim())
  if (!presented.length) return
  if (!req.user) {
    // A key that is right but whose holder is suspended: 403 naming the suspension.
    const refusal = await callerChecksOf(req.payload).whyCredentialRefused(req)
    if (refusal) throw new HttpError({ code: 'forbidden', message: refusal })
    throw await invalidCredentials(req, invalidHeaders(presented.map(([, label]) => label)))
  }
  if (presented.length === 1) return
  for (const [name, label] of presented) {
    const alone = new Headers({ [name]: req.headers.get(name)! })
    const { user } = await req.payload.auth({ headers: alone })
    if (!user) throw await invalidCredentials(req, invalidHeaders([label]))
  }
}

/**
 * The answer to an invalid credential: 401, or 429 once this address has presented too many
 * (guessing keys or tokens runs into the `credentials` limit).
 */
async function invalidCredentials(req: PayloadRequest, message: string) {
  const { policy, state } = await consumeRateLimit({
    payload: req.payload,
    policy: 'credentials',
    key: addressRateLimitKey(req),
  })
  if (state.isLimited) {
    return new HttpError({
      code: 'rate_limited',
      message: 'Too many invalid credentials from this address, retry later',
      headers: rateLimitHeaders(policy, state),
    })
  }
  return new HttpError({ code: 'unauthorized', message })
}

const invalidHeaders = (labels: string[]) =>
  `The credentials are invalid, expired or malformed (${labels.join(', ')})`
