import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { POST as graphQLRoute } from '../../src/app/(payload)/api/graphql/route'
import { consumerWithKey, userWithToken, type UserWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { createProduct } from '../helpers/shop'
import { handInConfig } from '../helpers/testConfig'

let payload: Payload
let admin: UserWithToken
let editor: UserWithToken
const productCount = 105

beforeAll(async () => {
  payload = await getTestPayload()
  for (let n = 0; n < productCount; n++) await createProduct(payload)
  admin = await userWithToken(payload, 'admin')
  editor = await userWithToken(payload, 'editor')
})

/** `POST /api/graphql` through the app's route, from `address`. */
async function graphql(query: string, headers: Record<string, string> = {}) {
  const response = await graphQLRoute(
    new Request('http://localhost:3000/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    }),
  )
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as any,
  }
}

const from = (address: string, headers: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': address, ...headers },
})

describe("the page size of Payload's lists", () => {
  it('refuses an anonymous caller more than 100 rows a page, or every row at once', async () => {
    for (const query of ['limit=100000', 'limit=101', 'limit=0', 'pagination=false']) {
      const answer = await restJson('GET', `/api/products?${query}`, from('192.0.2.101'))
      expect(answer.status, query).toBe(400)
      expect(answer.body, query).toEqual({
        errors: [{ message: expect.stringContaining('100') }],
      })
    }
    const full = await restJson('GET', '/api/products?limit=100', from('192.0.2.101'))
    expect(full.status).toBe(200)
    expect(full.body.docs).toHaveLength(100)
    expect(full.body.hasNextPage).toBe(true)
  })

  it('caps editors and consumers too, and lets an admin ask for every row', async () => {
    const { apiKey } = await consumerWithKey(payload)
    const capped: Record<string, string>[] = [
      { authorization: `Bearer ${editor.token}` },
      { 'x-api-key': apiKey },
    ]
    for (const headers of capped) {
      expect((await restJson('GET', '/api/products?limit=0', { headers })).status).toBe(400)
    }
    // The admin panel's list cells ask for a page's authors or pictures by id, with limit=250.
    const byIds = await restJson('GET', '/api/products?depth=0&limit=250&where[id][in]=1,2,3', {
      headers: capped[0],
    })
    expect(byIds.status).toBe(200)
    expect(byIds.body.docs).toHaveLength(3)
    const every = await restJson('GET', '/api/products?limit=0', {
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(every.status).toBe(200)
    expect(every.body.docs.length).toBeGreaterThanOrEqual(productCount)
  })

  it('caps the rows a GraphQL list asks for, aliases included', async () => {
    const refused = [
      '{ Products(limit: 100000) { docs { id } } }',
      '{ Products(limit: 0) { docs { id } } }',
      '{ Products(pagination: false) { docs { id } } }',
      // Eleven full pages in one request, under eleven names.
      `{ ${Array.from({ length: 11 }, (_, n) => `p${n}: Products(limit: 100, page: ${n + 1}) { docs { id } }`).join(' ')} }`,
    ]
    for (const query of refused) {
      const answer = await graphql(query, { 'x-forwarded-for': '192.0.2.102' })
      expect(answer.body.data?.Products, query).toBeUndefined()
      expect(JSON.stringify(answer.body.errors), query).toMatch(/100|documents/)
    }
    const page = await graphql('{ Products(limit: 100) { docs { id } } }', {
      'x-forwarded-for': '192.0.2.102',
    })
    expect(page.body.data.Products.docs).toHaveLength(100)
  })
})

describe('one budget per caller across Payload’s routes, GraphQL and ours', () => {
  it("counts Payload's REST and GraphQL with the app's own routes and answers 429 with Retry-After", async () => {
    const restore = handInConfig(payload, { RATE_LIMIT_DEFAULT: '3/60' })
    try {
      const address = '192.0.2.110'
      expect((await restJson('GET', '/api/products?limit=1', from(address))).status).toBe(200)
      expect((await restJson('GET', '/api/search?q=product', from(address))).status).toBe(200)
      const viaGraphQL = await graphql('{ Products(limit: 1) { docs { id } } }', {
        'x-forwarded-for': address,
      })
      expect(viaGraphQL.status).toBe(200)
      expect(viaGraphQL.headers.get('ratelimit-remaining')).toBe('0')

      const refused = await restJson('GET', '/api/products?limit=1', from(address))
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ errors: [{ message: expect.stringMatching(/Too many/) }] })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      const refusedGraphQL = await graphql('{ Products(limit: 1) { docs { id } } }', {
        'x-forwarded-for': address,
      })
      expect(refusedGraphQL.status).toBe(429)
      expect(Number(refusedGraphQL.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another address is counted on its own.
      expect((await restJson('GET', '/api/products?limit=1', from('192.0.2.111'))).status).toBe(200)
    } finally {
      restore()
    }
  })

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const restore = handInConfig(payload, { RATE_LIMIT_DEFAULT: '2/60' })
    try {
      const get = (address: string) => restJson('GET', '/api/products?limit=1', from(address))
      expect((await get('2001:db8:5:6::1')).status).toBe(200)
      expect((await get('2001:db8:5:6:aaaa:bbbb:cccc:dddd')).status).toBe(200)
      expect((await get('2001:db8:5:6::2')).status).toBe(429)
      expect((await get('2001:db8:5:7::1')).status).toBe(200)
    } finally {
      restore()
    }
  })

  it('gives signed-in editors and admins a budget of their own, per person', async () => {
    const restore = handInConfig(payload, {
      RATE_LIMIT_DEFAULT: '2/60',
      RATE_LIMIT_EDITORS: '4/60',
    })
    try {
      const { apiKey } = await consumerWithKey(payload)
      const consumer = { headers: { 'x-api-key': apiKey } }
      const statuses = []
      for (let n = 0; n < 3; n++) {
        statuses.push((await restJson('GET', '/api/products?limit=1', consumer)).status)
      }
      expect(statuses).toEqual([200, 200, 429])

      // An editor of its own: counts outlive a change of settings.
      const ownEditor = await userWithToken(payload, 'editor')
      const asEditor = { headers: { authorization: `Bearer ${ownEditor.token}` } }
      const editorStatuses = []
      for (let n = 0; n < 5; n++) {
        editorStatuses.push((await restJson('GET', '/api/products?limit=1', asEditor)).status)
      }
      expect(editorStatuses).toEqual([200, 200, 200, 200, 429])
      const asAdmin = { headers: { authorization: `Bearer ${admin.token}` } }
      const adminAnswer = await restJson('GET', '/api/products?limit=1', asAdmin)
      expect(adminAnswer.status).toBe(200)
      expect(adminAnswer.headers.get('ratelimit-limit')).toBe('4')
    } finally {
      restore()
    }
  })
})

describe("wrong API keys on Payload's routes", () => {
  it('answer 401 and count against the credentials limit (429 after 30 from one address)', async () => {
    const statuses: number[] = []
    for (let n = 0; n < 32; n++) {
      const headers: Record<string, string> =
        n % 2 ? { 'x-api-key': `guess-${n}` } : { authorization: `consumers API-Key guess-${n}` }
      const answer = await restJson('GET', '/api/products?limit=1', from('192.0.2.120', headers))
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401))
    expect(statuses.slice(30)).toEqual([429, 429])
    // The address's anonymous reads still work.
    expect((await restJson('GET', '/api/products?limit=1', from('192.0.2.120'))).status).toBe(200)
  })
})
