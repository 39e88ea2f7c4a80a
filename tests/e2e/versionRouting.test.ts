import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'

const baseUrl = inject('baseUrl')
const apiKey = { 'x-api-key': seedCredentials().consumerApiKey }

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { ...apiKey, ...headers } })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

// The rewrites of next.config.mjs only exist under the Next server: these run against it.
describe('routing between API versions (next start)', () => {
  it('answers the unversioned keyset form exactly as v1 does', async () => {
    const first = await get('/api/v1/articles?limit=3')
    const after = first.body.meta.next_after_id
    const versioned = await get(`/api/v1/articles?after_id=${after}&limit=3`)
    const unversioned = await get(`/api/articles?after_id=${after}&limit=3`)
    expect(unversioned.status).toBe(200)
    expect(unversioned.body).toEqual(versioned.body)
    expect(unversioned.body.meta).toMatchObject({ limit: 3, next_after_id: expect.any(Number) })
  })

  it("leaves Payload's own /api/articles REST to its own parameters", async () => {
    const own = await get('/api/articles?limit=3&depth=0')
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ docs: expect.any(Array), totalDocs: expect.any(Number) })
    expect(own.body.docs).toHaveLength(3)
  })

  it('routes the unversioned paths to v2 with the v2 Accept header', async () => {
    const accept = { accept: 'application/vnd.app.v2+json' }
    const list = await get('/api/articles?limit=2&fields=title', accept)
    expect(list.status).toBe(200)
    expect(list.headers.get('content-type')).toBe('application/vnd.app.v2+json')
    expect(list.body.meta).toMatchObject({ limit: 2, next_cursor: expect.any(String) })
    expect(Object.keys(list.body.data[0]).sort()).toEqual(['id', 'title'])

    const one = await get(`/api/articles/${list.body.data[0].id}?fields=slug`, accept)
    expect(one.status).toBe(200)
    expect(Object.keys(one.body.data).sort()).toEqual(['id', 'slug'])
  })

  it('routes to v1 with the v1 Accept header, and a version in the URL wins over the header', async () => {
    const v1 = await get('/api/articles?limit=2', { accept: 'application/vnd.app.v1+json' })
    expect(v1.body.meta).toEqual({ limit: 2, has_more: true, next_after_id: expect.any(Number) })
    const pinned = await get('/api/v1/articles?per_page=2', {
      accept: 'application/vnd.app.v2+json',
    })
    expect(pinned.body.meta).toMatchObject({ page: 1, per_page: 2 })
  })
})
