import type { PayloadRequest } from 'payload'

import { callerChecksOf } from './callerChecks'
import { rateLimitHeaders, type PolicyName } from './rateLimitPolicy'
import { consumeRateLimit } from './rateLimiter'
import { addressRateLimitKey } from './requestAddress'

/**
 * The policy and counter a request's caller spends on every route: a signed-in editor or admin
 * their own `editors` budget, any other user or consumer the `default` one, each per identity;
 * an anonymous caller `default` per client address.
 */
export function callerBudget(req: PayloadRequest): { policy: PolicyName; key: string } {
  const user = req.user
  if (!user) return { policy: 'default', key: addressRateLimitKey(req) }
  const isEditor = callerChecksOf(req.payload).permits.editor(user)
  return { policy: isEditor ? 'editors' : 'default', key: `${user.collection}:${user.id}` }
}

/**
 * Counts one request of its caller against `policy` (the caller's own budget unless named):
 * the `RateLimit-*` headers to answer with (with `Retry-After` once refused), and whether it is.
 */
export async function countCallerRequest(
  req: PayloadRequest,
  policy?: PolicyName,
): Promise<{ headers: Record<string, string>; isLimited: boolean }> {
  const budget = callerBudget(req)
  const counted = await consumeRateLimit({
    payload: req.payload,
    policy: policy ?? budget.policy,
    key: budget.key,
  })
  return {
    headers: rateLimitHeaders(counted.policy, counted.state),
    isLimited: counted.state.isLimited,
  }
}
