import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { addressKey, clientAddress } from './rateLimitPolicy'

/**
 * The address a request is counted under: the connection's peer, or with
 * `TRUSTED_PROXY_HOPS=N` the address the N-th proxy from the app saw. The app's HTTP server
 * (`scripts/server.mjs`) appends the peer to `X-Forwarded-For` before anything reads it, so
 * no entry a client writes itself is ever picked.
 */
export function requestAddress(req: { headers: Headers; payload: Payload }): string {
  const hops = configOf(req.payload).server.trustedProxyHops
  return clientAddress(req.headers.get('x-forwarded-for'), hops)
}

/**
 * The rate-limit counter of a request's client address (`ip:<address>`, an IPv6 address's
 * /64): what an anonymous caller, and guesses of credentials, are counted under.
 */
export function addressRateLimitKey(req: { headers: Headers; payload: Payload }): string {
  return `ip:${addressKey(requestAddress(req))}`
}
