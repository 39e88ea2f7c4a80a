import { clientAddress } from './rateLimitPolicy'

/**
 * The address a request is counted under: the connection's peer, or with
 * `TRUSTED_PROXY_HOPS=N` the address the N-th proxy from the app saw. The app's HTTP server
 * (`scripts/lib/server.ts`) appends the peer to `X-Forwarded-For` before anything reads it, so
 * no entry a client writes itself is ever picked.
 */
export function requestAddress(headers: Headers): string {
  return clientAddress(headers.get('x-forwarded-for'), Number(process.env.TRUSTED_PROXY_HOPS) || 0)
}
