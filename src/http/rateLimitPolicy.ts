/** How many requests one caller may make in one fixed window. */
export type RateLimitPolicy = {
  /** Name of the policy, part of the counter key (`default`, `contact`, ...). */
  name: string
  /** Requests allowed per window. */
  points: number
  /** Length of the window in seconds. */
  windowSeconds: number
}

/** The policies every deployment has, overridable through `RATE_LIMIT_<NAME>=points/seconds`. */
export const defaultPolicies = {
  default: { points: 300, windowSeconds: 60 },
  contact: { points: 5, windowSeconds: 600 },
  /** Credential routes (login, forgot and reset password) and invalid credentials, per address. */
  credentials: { points: 30, windowSeconds: 600 },
  /** Logins to one account from one address since its last success there. */
  login_account: { points: 5, windowSeconds: 900 },
  /**
   * Calls of a provider's callback (Stripe's webhook) whose signature does not verify, per
   * address. Signed calls count nothing: the provider is never refused for sending many.
   */
  bad_signatures: { points: 60, windowSeconds: 600 },
} as const satisfies Record<string, Omit<RateLimitPolicy, 'name'>>

export type PolicyName = keyof typeof defaultPolicies

const format = /^\s*(\d+)\s*\/\s*(\d+)\s*(s)?\s*$/

/**
 * A policy from its setting (`RATE_LIMIT_DEFAULT=120/60` means 120 requests per 60 seconds). A
 * value that does not parse is a configuration error, reported at once rather than silently
 * leaving the endpoint unlimited.
 */
export function parsePolicy(name: PolicyName, raw: string): RateLimitPolicy {
  const match = format.exec(raw)
  const points = Number(match?.[1])
  const windowSeconds = Number(match?.[2])
  if (!match || points < 1 || windowSeconds < 1) {
    throw new Error(`must look like "<requests>/<seconds>", e.g. "120/60"`)
  }
  return { name, points, windowSeconds }
}

/** What the counter store answered for one request. */
export type RateLimitState = {
  /** Requests still allowed in the current window after this one (0 when refused). */
  remaining: number
  /** Milliseconds until the window resets. */
  msBeforeReset: number
  /** Whether this request is refused. */
  isLimited: boolean
}

/**
 * The `RateLimit-*` headers of the IETF draft (and `Retry-After` when refused), all in
 * whole seconds, rounded up so that a client that waits that long is never refused again.
 */
export function rateLimitHeaders(policy: RateLimitPolicy, state: RateLimitState) {
  const resetSeconds = Math.max(1, Math.ceil(state.msBeforeReset / 1000))
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(policy.points),
    'RateLimit-Remaining': String(Math.max(0, state.remaining)),
    'RateLimit-Reset': String(resetSeconds),
  }
  if (state.isLimited) headers['Retry-After'] = String(resetSeconds)
  return headers
}

/**
 * The address a request came from. The app's server appends the socket's address to
 * `X-Forwarded-For`, so the rightmost entry is the one no client can forge; behind
 * `trustedProxies` reverse proxies (each appending its peer), the entry that many places
 * further left. A chain shorter than that gives its leftmost entry.
 */
export function clientAddress(forwardedFor: string | null, trustedProxies = 0): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  return hops[hops.length - 1 - trustedProxies] ?? hops[0] ?? 'unknown'
}
