import { Redis } from 'ioredis'
import type { Payload } from 'payload'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'

import { type PolicyName, type RateLimitPolicy, type RateLimitState } from './rateLimitPolicy'
import { postgres } from '@/db/transaction'
import { configOf, type AppConfig } from '@/config/appConfig'

/** Table of the counters, declared in the Payload schema (see `rateLimitTable`). */
export const rateLimitTableName = 'rate_limits'

type Limiter = { policy: RateLimitPolicy; limiter: RateLimiterAbstract }

const limitersByInstance = new WeakMap<AppConfig['rateLimits'], Map<PolicyName, Limiter>>()
let redis: Redis | undefined
let firstReady: Promise<void> | undefined

/**
 * The counter store of one policy for one configuration: PostgreSQL by default, so that
 * every app instance on the database shares the counts, Redis when `REDIS_URL` is set. If the
 * store fails, an in-memory limiter of this process stands in rather than refusing everyone.
 */
function limiterFor(payload: Payload, name: PolicyName): Limiter {
  const settings = configOf(payload).rateLimits
  let limiters = limitersByInstance.get(settings)
  if (!limiters) {
    limiters = new Map()
    limitersByInstance.set(settings, limiters)
  }
  const existing = limiters.get(name)
  if (existing) return existing

  const policy = settings.policies[name]
  const options = {
    keyPrefix: `rl:${policy.name}`,
    points: policy.points,
    duration: policy.windowSeconds,
    insuranceLimiter: new RateLimiterMemory({
      points: policy.points,
      duration: policy.windowSeconds,
    }),
  }
  const limiter = settings.redisUrl
    ? new RateLimiterRedis({ ...options, storeClient: redisClient(settings.redisUrl) })
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

/** How long a request waits for the first connection to Redis before the stand-in counts it. */
const firstConnectionWaitMs = 1000

/**
 * Waits until the Redis client has connected for the first time (at most a second). Without
 * it the first requests after a start, sent while the client still connects, were counted by the
 * in-memory stand-in and then again from zero in Redis: a caller got more than its limit
 * (tests/int/rateLimit.test.ts, with Redis, saw four of three requests answered 200 on CI).
 * Once connected, a lost connection goes to the stand-in at once, as before.
 */
function firstConnection(client: Redis): Promise<void> | undefined {
  if (client.status !== 'wait' && client.status !== 'connecting' && client.status !== 'connect') {
    return undefined
  }
  // One wait shared by every request that arrives meanwhile.
  firstReady ??= new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, firstConnectionWaitMs)
    client.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return firstReady
}

/** Counts one request of `key` against `policy` and says whether it may proceed. */
export async function consumeRateLimit(args: {
  payload: Payload
  policy: PolicyName
  key: string
}): Promise<{ policy: RateLimitPolicy; state: RateLimitState }> {
  const { policy, limiter } = limiterFor(args.payload, args.policy)
  if (redis && limiter instanceof RateLimiterRedis) await firstConnection(redis)
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
