import { payloadConfig } from '@payload-config'
import { BasePayload, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { consumeRateLimit } from '../../src/http/rateLimiter'
import { closePayload } from '../../src/db/closePayload'
import { consumerWithKey } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { configOf } from '../../src/config/appConfig'

let payload: Payload
let secondInstance: Payload

beforeAll(async () => {
  payload = await getTestPayload({ RATE_LIMIT_DEFAULT: '3/60' })
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

    const onSecond = await consumeRateLimit({
      payload: secondInstance,
      policy: 'default',
      key: `consumers:${consumer.id}`,
    })
    expect(onSecond.state).toMatchObject({ isLimited: false, remaining: 1 })

    expect((await restJson('GET', '/api/v1/me', { headers })).status).toBe(200)
    expect((await restJson('GET', '/api/v1/me', { headers })).status).toBe(429)
    const afterLimit = await consumeRateLimit({
      payload: secondInstance,
      policy: 'default',
      key: `consumers:${consumer.id}`,
    })
    expect(afterLimit.state.isLimited).toBe(true)
  })
})
