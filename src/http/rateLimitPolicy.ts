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
  /**
   * Every request of one caller on every route (Payload's REST and GraphQL, and ours): per
   * consumer or user, or per client address (an IPv6 /64) when anonymous.
   */
  default: { points: 300, windowSeconds: 60 },
  /**
   * The same for a signed-in editor or admin, per person: the admin panel's calls (see
   * docs/security.md for what a typical edit costs) never come near it.
   */
  editors: { points: 3000, windowSeconds: 60 },
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

/**
 * The small budgets, counted in the shared table at each request rather than in batches: a
 * burst spread over several app servers never gets past their limit (a batch lets each server
 * spend it before hearing of the others). Their routes are rare and mostly write anyway.
 */
export const exactPolicies: ReadonlySet<PolicyName> = new Set([
  'contact',
  'credentials',
  'login_account',
  'bad_signatures',
])

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

/**
 * The client an address is counted as: an IPv4 address itself (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address as its /64 (`2001:db8:1:2::/64`), the smallest network a provider
 * hands a customer, who could otherwise take a fresh address for every request.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const groups = bare.includes(':') ? ipv6Groups(bare) : undefined
  if (!groups) return bare
  const [g6 = 0, g7 = 0] = groups.slice(6)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address in any of its spellings, or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let spelled = text.toLowerCase()
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(spelled)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    if ([a, b, c, d].some((byte) => byte > 255)) return undefined
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
    spelled = spelled.slice(0, v4.index) + tail
  }
  const halves = spelled.split('::')
  if (halves.length > 2) return undefined
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : [])
  const head = groupsOf(halves[0])
  const tail = groupsOf(halves[1])
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined
  return all.map((group) => parseInt(group, 16))
}
