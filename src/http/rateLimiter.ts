import { Redis } from 'ioredis'
import type { Payload } from 'payload'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'

import {
  policyFromEnv,
  type PolicyName,
  type RateLimitPolicy,
  type RateLimitState,
} from './rateLimitPolicy'
import { postgres } from '@/db/transaction'

/** Table of the counters, declared in the Payload schema (see `rateLimitTable`). */
export const rateLimitTableName = 'rate_limits'

type Limiter = { policy: RateLimitPolicy; limiter: RateLimiterAbstract }

const limitersByInstance = new WeakMap<Payload, Map<PolicyName, Limiter>>()
let redis: Redis | undefined

/**
 * The counter store of one policy for one Payload instance: PostgreSQL by default, so that
 * every app instance on the database shares the counts, Redis when `REDIS_URL` is set. If the
 * store fails, an in-memory limiter of this process stands in rather than refusing everyone.
 */
function limiterFor(payload: Payload, name: PolicyName): Limiter {
  let limiters = limitersByInstance.get(payload)
  if (!limiters) {
    limiters = new Map()
    limitersByInstance.set(payload, limiters)
  }
  const existing = limiters.get(name)
  if (existing) return existing

  const policy = policyFromEnv(name, process.env)
  const options = {
    keyPrefix: `rl:${policy.name}`,
    points: policy.points,
    duration: policy.windowSeconds,
    insuranceLimiter: new RateLimiterMemory({
      points: policy.points,
      duration: policy.windowSeconds,
    }),
  }
  const limiter = process.env.REDIS_URL
    ? new RateLimiterRedis({ ...options, storeClient: redisClient(process.env.REDIS_URL) })
    : new RateLimiterPostgres({
        ...options,
        storeClient: postgres(payload).pool,
        tableName: rateLimitTableName,
        tableCreated: true,
      })
  const created = { policy, limiter }
  limiters.set(name, created)
  return created
}

function redisClient(url: string) {
  redis ??= new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  return redis
}

/** Counts one request of `key` against `policy` and says whether it may proceed. */
export async function consumeRateLimit(args: {
  payload: Payload
  policy: PolicyName
  key: string
}): Promise<{ policy: RateLimitPolicy; state: RateLimitState }> {
  const { policy, limiter } = limiterFor(args.payload, args.policy)
  try {
    const result = await limiter.consume(args.key)
    return { policy, state: stateOf(result, false) }
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { policy, state: stateOf(rejection, true) }
    throw rejection
  }
}

/** Forgets what `key` has used of `policy` (a successful login clears its failures). */
export async function resetRateLimit(args: { payload: Payload; policy: PolicyName; key: string }) {
  await limiterFor(args.payload, args.policy).limiter.delete(args.key)
}

function stateOf(result: RateLimiterRes, isLimited: boolean): RateLimitState {
  return { remaining: result.remainingPoints, msBeforeReset: result.msBeforeNext, isLimited }
}
