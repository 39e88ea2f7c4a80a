import { beforeAll, describe, expect, it } from 'vitest'

import { openApiContract, type OpenApiContract } from '../helpers/openApiContract'
import { rest } from '../helpers/rest'
import { openApiDocument } from '../../src/openapi/appDocument'
import { getTestPayload } from '../helpers/payload'
import payloadConfig from '@payload-config'

let contract: OpenApiContract
const anyUuid = '3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42'

beforeAll(async () => {
  await getTestPayload({
    // One request per window for each policy: the first anonymous request uses it up, and
    // every operation then answers 429 to the same caller.
    RATE_LIMIT_DEFAULT: '1/600',
    RATE_LIMIT_CONTACT: '1/600',
    // Stripe's webhook counts only calls whose signature fails: the warm-up sends one.
    RATE_LIMIT_BAD_SIGNATURES: '1/600',
    // So does the portal link's exchange, against the credentials policy: the warm-up sends one.
    RATE_LIMIT_CREDENTIALS: '1/600',
    // The warm-up inquiry's e-mail goes to the log (no SMTP in tests) instead of failing.
    ADMIN_NOTIFY_EMAILS: 'admin@example.com',
  })
  const config = await payloadConfig
  // Built in-process: fetching /api/openapi.json would spend the one request of the window.
  contract = await openApiContract(openApiDocument(config, 'http://localhost:3000'))
})

describe('rate limits in the document', () => {
  it('every operation answers 429 with Retry-After as documented once the window is used up', async () => {
    expect((await rest('GET', '/api/search?q=warm-up')).status).toBe(200)
    expect(
      (await rest('POST', '/api/contact', { body: { name: 'a', email: 'a@b.co', message: 'c' } }))
        .status,
    ).toBe(200)
    expect((await rest('POST', '/api/orders/webhook/stripe', { body: {} })).status).toBe(400)
    const exchange = '/webhooks/portal-sessions/exchange'
    expect((await rest('POST', exchange, { body: { token: 'forged' } })).status).toBe(403)

    // Every operation but the probes (health, metrics), which count no rate limit.
    const operations = Object.entries<any>(contract.document.paths).flatMap(([path, item]) =>
      (['get', 'put', 'post', 'patch', 'delete'] as const)
        .filter((method) => item[method] && !item[method].tags.includes('Operations'))
        .map((method) => ({ method: method.toUpperCase() as 'GET', path })),
    )
    for (const { method, path } of operations) {
      const url = path.replace('{id}', path.includes('subscriptions') ? anyUuid : '1')
      const response = await rest(method, url, method === 'GET' ? {} : { body: {} })
      const answer = {
        status: response.status,
        headers: response.headers,
        text: await response.text(),
      }
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(429)
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      await contract.expectConforms(method, url, answer)
    }
    const promised = contract.promised().filter((pair) => pair.endsWith(' 429'))
    expect(promised.length).toBe(operations.length)
    expect(promised.filter((pair) => !contract.seen.has(pair))).toEqual([])
  })

  it('the probes promise no 429 and answer even with the window used up', async () => {
    const probes = ['/api/health', '/api/health/ready', '/api/metrics']
    for (const path of probes) {
      expect(Object.keys(contract.document.paths[path].get.responses)).not.toContain('429')
      const response = await rest('GET', path)
      expect(response.status, path).not.toBe(429)
      expect(response.headers.get('ratelimit-limit')).toBeNull()
    }
  })
})
