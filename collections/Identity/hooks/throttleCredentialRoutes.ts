import { type CollectionAfterLoginHook, type CollectionBeforeOperationHook } from 'payload'

import { addressRateLimitKey } from '@/http/requestAddress'
import { rateLimitHeaders } from '@/http/rateLimitPolicy'
import { consumeRateLimit, resetRateLimit } from '@/http/rateLimiter'
import { RefusedRequest } from '@/http/refusedRequest'

const credentialOperations = new Set(['login', 'forgotPassword', 'resetPassword'])

const accountKey = (email: unknown, addressKey: string) =>
  `${String(email ?? '')
    .trim()
    .toLowerCase()}|${addressKey}`

/**
 * Throttles Payload's credential routes instead of locking accounts (an attacker anywhere could
 * lock an administrator out with ten wrong passwords):
 * - every login, forgot-password and reset-password request counts against its client
 *   address (`credentials`, 30 per 10 minutes);
 * - logins to one account from one address since the last success there count against that
 *   pair (`login_account`, 5 per 15 minutes), so guessing is slowed where it happens and the
 *   account's owner, elsewhere, still signs in.
 * Over either limit the request is a 429 with `Retry-After`, before any password is checked.
 */
export const throttleCredentialRoutes: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  if (!credentialOperations.has(operation)) return args
  const address = addressRateLimitKey(req)
  await count(req, 'credentials', address)
  if (operation === 'login') {
    const data = (args as { data?: { email?: unknown } }).data
    await count(req, 'login_account', accountKey(data?.email, address))
  }
  return args
}

/** A successful login clears the failures of its account from its address. */
export const forgetFailedLogins: CollectionAfterLoginHook = async ({ req, user }) => {
  await resetRateLimit({
    payload: req.payload,
    policy: 'login_account',
    key: accountKey(user.email, addressRateLimitKey(req)),
  })
}

async function count(
  req: Parameters<CollectionBeforeOperationHook>[0]['req'],
  policyName: 'credentials' | 'login_account',
  key: string,
) {
  const { policy, state } = await consumeRateLimit({
    payload: req.payload,
    policy: policyName,
    key,
  })
  if (!state.isLimited) return
  req.responseHeaders = new Headers(rateLimitHeaders(policy, state))
  throw new RefusedRequest('Too many attempts, retry later', 429)
}
