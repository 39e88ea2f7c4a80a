import { Redis } from 'ioredis'
import type { Payload } from 'payload'
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'

import {
  exactPolicies,
  type PolicyName,
  type RateLimitPolicy,
  type RateLimitState,
} from './rateLimitPolicy'
import { postgres } from '@/db/transaction'
import { configOf, type AppConfig } from '@/config/appConfig'
import { batchedCounter, type BatchedCounter } from './batchedCounter'

/** Table of the counters, declared in the Payload schema (see `rateLimitTable`). */
export const rateLimitTableName = 'rate_limits'

type Limiter = { policy: RateLimitPolicy; limiter: RateLimiterAbstract | BatchedCounter }

const limitersByInstance = new WeakMap<
  AppConfig['rateLimits'],
  WeakMap<object, Map<PolicyName, Limiter>>
>()

/** The batched counters of this process, stopped (their last counts shared) on shutdown. */
const slot = Symbol.for('content-shop.rateLimitBatches')
type Batches = { all: Set<BatchedCounter>; stop: () => Promise<void> }
function batches(): Batches {
  const global = globalThis as typeof globalThis & { [slot]?: Batches }
  if (!global[slot]) {
    const all = new Set<BatchedCounter>()
    global[slot] = {
      all,
      stop: async () => {
        const each = [...all]
        all.clear()
        await Promise.all(each.map((counter) => counter.stop()))
      },
    }
  }
  return global[slot]
}

/**
 * Stops every batched counter of this process, sharing its last counts (at most
 * `RATE_LIMIT_SYNC_MS` of requests) in the table: the app server's shutdown calls it once the
 * last request is answered, before the pool closes.
 */
export const stopRateLimitBatches = () => batches().stop()

/** Shares what this instance counted with the others and learns theirs, now. */
export async function flushRateLimits(payload: Payload) {
  const limiters = limitersByInstance.get(configOf(payload).rateLimits)?.get(postgres(payload).pool)
  for (const { limiter } of limiters?.values() ?? []) {
    if ('flush' in limiter) await limiter.flush()
  }
}
let redis: Redis | undefined
let firstReady: Promise<void> | undefined

/**
 * The counter store of one policy for one configuration: counted in this process's memory and
 * shared with every instance on the database in batches every `RATE_LIMIT_SYNC_MS`
 * (`batchedCounter.ts`: no write per request), or in Redis when `REDIS_URL` is set. If the
 * store fails, this process counts alone rather than refusing everyone.
 */
function limiterFor(payload: Payload, name: PolicyName): Limiter {
  const settings = configOf(payload).rateLimits
  let byPool = limitersByInstance.get(settings)
  if (!byPool) {
    byPool = new WeakMap()
    limitersByInstance.set(settings, byPool)
  }
  // Per instance (its pool): two instances in one process count apart, as two servers do.
  const pool = postgres(payload).pool
  let limiters = byPool.get(pool)
  if (!limiters) {
    limiters = new Map()
    byPool.set(pool, limiters)
  }
  const existing = limiters.get(name)
  if (existing) return existing

  const policy = settings.policies[name]
  if (!settings.redisUrl) {
    const counter = batchedCounter({
      pool,
      table: rateLimitTableName,
      policy,
      syncMs: settings.syncMs,
      exact: exactPolicies.has(name),
      onError: (err) =>
        payload.logger.warn({ msg: 'Rate-limit counts could not be shared; counting alone', err }),
    })
    batches().all.add(counter)
    const created = { policy, limiter: counter }
    limiters.set(name, created)
    return created
  }
  const options = {
    keyPrefix: `rl:${policy.name}`,
    points: policy.points,
    duration: policy.windowSeconds,
    insuranceLimiter: new RateLimiterMemory({
      points: policy.points,
      duration: policy.windowSeconds,
    }),
  }
  const limiter = new RateLimiterRedis({ ...options, storeClient: redisClient(settings.redisUrl) })
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
  if ('flush' in limiter) return { policy, state: await limiter.consume(args.key) }
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
  const { limiter } = limiterFor(args.payload, args.policy)
  if ('flush' in limiter) await limiter.reset(args.key)
  else await limiter.delete(args.key)
}

function stateOf(result: RateLimiterRes, isLimited: boolean): RateLimitState {
  return { remaining: result.remainingPoints, msBeforeReset: result.msBeforeNext, isLimited }
}
