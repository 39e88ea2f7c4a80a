import { payloadConfig } from '@payload-config'
import { BasePayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { consumeRateLimit, flushRateLimits } from '../../src/http/rateLimiter'
import { closePayload } from '../../src/db/closePayload'
import { consumerWithKey } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { configOf } from '../../src/config/appConfig'

let payload: Payload
let secondInstance: Payload

beforeAll(async () => {
  payload = await getTestPayload({ RATE_LIMIT_DEFAULT: '3/60', RATE_LIMIT_CONTACT: '3/600' })
  // A second Payload instance with its own connection pool, as a second app server would have,
  // with the same configuration.
  secondInstance = await new BasePayload().init({ config: payloadConfig(configOf(payload)) })
})

afterAll(async () => {
  if (secondInstance) await closePayload(secondInstance)
})

describe('rate limiting', () => {
  it('answers request N+1 of a window with 429 and Retry-After', async () => {
    const { apiKey } = await consumerWithKey(payload)
    const headers = { 'x-api-key': apiKey }
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await restJson('GET', '/api/v1/me', { headers }))

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
    expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual([
      '2',
      '1',
      '0',
      '0',
    ])
    const refused = answers[3]!
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } })
    expect(refused.headers.get('ratelimit-limit')).toBe('3')
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter))
  })

  it('counts each consumer separately', async () => {
    const first = await consumerWithKey(payload)
    const second = await consumerWithKey(payload)
    for (let i = 0; i < 3; i++) {
      await restJson('GET', '/api/v1/me', { headers: { 'x-api-key': first.apiKey } })
    }
    const other = await restJson('GET', '/api/v1/me', { headers: { 'x-api-key': second.apiKey } })
    expect(other.status).toBe(200)
  })

  it('shares the count between two app instances on the same database', async () => {
    const { consumer, apiKey } = await consumerWithKey(payload)
    const headers = { 'x-api-key': apiKey }
    expect((await restJson('GET', '/api/v1/me', { headers })).status).toBe(200)
    // Counts travel between instances in batches (RATE_LIMIT_SYNC_MS): here, at once.
    await flushRateLimits(payload)

    const onSecond = await consumeRateLimit({
      payload: secondInstance,
      policy: 'default',
      key: `consumers:${consumer.id}`,
    })
    expect(onSecond.state).toMatchObject({ isLimited: false, remaining: 1 })
    await flushRateLimits(secondInstance)

    expect((await restJson('GET', '/api/v1/me', { headers })).status).toBe(200)
    await flushRateLimits(payload)
    expect((await restJson('GET', '/api/v1/me', { headers })).status).toBe(429)
    await flushRateLimits(secondInstance)
    const afterLimit = await consumeRateLimit({
      payload: secondInstance,
      policy: 'default',
      key: `consumers:${consumer.id}`,
    })
    expect(afterLimit.state.isLimited).toBe(true)
  })

  it('writes no row per request, and bounds a burst across two instances by the exchange', async () => {
    // With REDIS_URL (the .ci/run pass on Redis) each request is counted in Redis at once, so
    // the second instance refuses at once: that bound is the limit itself, shown below.
    const key = `burst:${Date.now()}`
    const spend = async (instance: Payload) =>
      (await consumeRateLimit({ payload: instance, policy: 'default', key })).state.isLimited
    if (configOf(payload).rateLimits.redisUrl) {
      const first = [await spend(payload), await spend(payload), await spend(payload)]
      expect(first).toEqual([false, false, false])
      expect(await spend(secondInstance)).toBe(true)
      expect(await spend(payload)).toBe(true)
      return
    }
    const shared = async () =>
      (
        await payload.db.pool.query<{ points: number }>(
          `SELECT points FROM rate_limits WHERE key = $1`,
          [`rl:default:${key}`],
        )
      ).rows[0]?.points

    // Each instance alone lets through its limit before it hears of the other: the bound of a
    // burst between two exchanges is the limit per instance (3 here, 6 in all).
    const first = [await spend(payload), await spend(payload), await spend(payload)]
    const second = [
      await spend(secondInstance),
      await spend(secondInstance),
      await spend(secondInstance),
    ]
    expect([...first, ...second]).toEqual([false, false, false, false, false, false])
    expect(await spend(payload)).toBe(true)
    expect(await shared()).toBeUndefined()

    // One exchange each: the table holds all six, and both refuse the caller for the window.
    await flushRateLimits(payload)
    await flushRateLimits(secondInstance)
    expect(await shared()).toBe(6)
    await flushRateLimits(payload)
    expect(await spend(payload)).toBe(true)
    expect(await spend(secondInstance)).toBe(true)
  })

  it('counts a small budget (the contact form) exactly across instances: the fourth message is refused wherever it lands', async () => {
    const key = `contact:${Date.now()}`
    const send = async (instance: Payload) =>
      (await consumeRateLimit({ payload: instance, policy: 'contact', key })).state
    // Alternating between two app servers with no exchange between them, as a balancer does.
    const states = [
      await send(payload),
      await send(secondInstance),
      await send(payload),
      await send(secondInstance),
    ]
    expect(states.map((state) => state.isLimited)).toEqual([false, false, false, true])
    expect(states.map((state) => state.remaining)).toEqual([2, 1, 0, 0])
    expect(states[3]!.msBeforeReset).toBeGreaterThan(590_000)
    expect(await send(payload).then((state) => state.isLimited)).toBe(true)
  })
})
