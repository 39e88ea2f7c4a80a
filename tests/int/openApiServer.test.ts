import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'

import { getTestPayload } from '../helpers/payload'
import { rest } from '../helpers/rest'
import { handInConfig } from '../helpers/testConfig'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

// Before: `Host: evil.example` made the document name http://evil.example as its server, under
// `public, max-age=300` without `Vary: Host`: a shared cache in front would then hand every
// visitor of /docs a "try it" that sends their key to evil.example.
describe("GET /api/openapi.json's server", () => {
  it('without SERVER_URL, is the request\u2019s host, kept out of shared caches and varied by Host', async () => {
    const forged = await rest('GET', '/api/openapi.json', { headers: { host: 'evil.example' } })
    expect(forged.status).toBe(200)
    const cacheControl = forged.headers.get('cache-control') ?? ''
    expect(cacheControl).toMatch(/\bprivate\b/)
    expect(cacheControl).not.toMatch(/\bpublic\b/)
    expect((forged.headers.get('vary') ?? '').toLowerCase()).toMatch(/\bhost\b/)
  })

  it('with SERVER_URL, is SERVER_URL whatever the Host, and may be cached by anyone', async () => {
    onTestFinished(handInConfig(payload, { SERVER_URL: 'https://shop.example' }))
    const answer = await rest('GET', '/api/openapi.json', { headers: { host: 'evil.example' } })
    expect((await answer.json()).servers).toEqual([
      { url: 'https://shop.example', description: 'This deployment' },
    ])
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300')
  })
})
