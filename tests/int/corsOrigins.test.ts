import { beforeAll, describe, expect, it } from 'vitest'

import { runToExit } from '../helpers/processGroups'
import { rest } from '../helpers/rest'
import { getTestPayload } from '../helpers/payload'

beforeAll(async () => {
  // As an operator writes it in .env: a list with a space after each comma.
  await getTestPayload({ CORS_ORIGINS: 'https://a.example, https://b.example' })
})

const allowedOrigin = async (origin: string) =>
  (await rest('GET', '/api/health', { headers: { origin } })).headers.get(
    'access-control-allow-origin',
  )

describe('CORS_ORIGINS', () => {
  it('lets every listed origin read answers, the ones after a comma and a space too', async () => {
    expect(await allowedOrigin('https://a.example')).toBe('https://a.example')
    expect(await allowedOrigin('https://b.example')).toBe('https://b.example')
    expect(await allowedOrigin('https://evil.example')).not.toBe('https://evil.example')
  })

  it("lets a storefront on a listed origin send the buyer's X-Order-Token", async () => {
    const answer = await rest('GET', '/api/v1/orders/1', {
      headers: { origin: 'https://a.example', 'x-order-token': 'x' },
    })
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://a.example')
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-order-token',
    )
  })

  it('refuses to start with an entry that is not an origin, naming it', async () => {
    const { code, output } = await runToExit('scripts/worker.ts', {
      CORS_ORIGINS: 'https://a.example, https://b.example/shop',
    })
    expect(code).not.toBe(0)
    expect(output).toContain('CORS_ORIGINS')
    expect(output).toContain('"https://b.example/shop" is not an origin')
  })
})
