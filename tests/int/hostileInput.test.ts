import config from '@payload-config'
import { GRAPHQL_POST, REST_POST } from '@payloadcms/next/routes'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { userWithToken, type UserWithToken } from '../helpers/identities'
import { rest, restJson } from '../helpers/rest'
import { address, createProduct } from '../helpers/shop'
import { type WebhookReceiver } from '../helpers/webhookReceiver'
import { openApiContract } from '../helpers/openApiContract'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let admin: UserWithToken
let consumerKey: string
let subscriptionId: string
let articleId: number
let authorId: number
let productId: number
let receiver: WebhookReceiver
let clientNumber = 0

beforeAll(async () => {
  payload = await webhooks.start()
  await webhooks.fakeStripe()
  receiver = await webhooks.receiver()
  admin = await userWithToken(payload, 'admin')
  consumerKey = await webhooks.consumerKey('Hostile input consumer')
  const subscription = await restJson('POST', '/api/webhooks/subscriptions', {
    headers: { 'x-api-key': consumerKey },
    body: { endpoint_url: receiver.url('/hostile'), events: ['order.created'] },
  })
  subscriptionId = subscription.body.id
  authorId = (await payload.create({ collection: 'authors', data: { name: 'Hostile Author' } })).id
  const article = await restJson('POST', '/api/v1/articles', {
    headers: asAdmin(),
    body: { title: 'Hostile target', slug: 'hostile-target', status: 'draft', author_id: authorId },
  })
  articleId = article.body.data.id
  productId = (await createProduct(payload)).id
})

const asAdmin = () => ({ authorization: `Bearer ${admin.token}` })
const asConsumer = () => ({ 'x-api-key': consumerKey })
/** A fresh client address per call, so that the per-address limits never answer first. */
const anonymous = () => ({ 'x-forwarded-for': `203.0.113.${++clientNumber % 250}` })

type Probe = {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  headers: () => Record<string, string>
  body?: unknown
  rawBody?: string
}

const nul = 'a\u0000b'
const checkoutLine = (id: unknown) => ({
  items: [{ productId: id, quantity: 1 }],
  customerEmail: 'buyer@example.com',
  shippingAddress: address,
})

/** Each reached PostgreSQL and was answered 500 before this layer existed. */
const customProbes = (): Probe[] => [
  {
    name: 'NUL in contact',
    method: 'POST',
    path: '/api/contact',
    headers: anonymous,
    body: { name: nul, email: 'x@example.com', message: 'hello' },
  },
  {
    name: 'NUL in guest checkout',
    method: 'POST',
    path: '/api/orders/checkout',
    headers: anonymous,
    body: { ...checkoutLine(productId), shippingAddress: { ...address, city: nul } },
  },
  {
    name: 'NUL in admin action',
    method: 'POST',
    path: '/api/admin-action',
    headers: asAdmin,
    body: { action: nul },
  },
  {
    name: 'NUL in a new article',
    method: 'POST',
    path: '/api/v1/articles',
    headers: asAdmin,
    body: { title: nul, slug: 'nul-title', status: 'draft', author_id: authorId },
  },
  {
    name: 'NUL in a replaced article',
    method: 'PUT',
    path: `/api/v1/articles/${articleId}`,
    headers: asAdmin,
    body: { title: 'T', slug: 'nul-put', status: 'draft', author_id: authorId, excerpt: nul },
  },
  {
    name: 'NUL in an article patch',
    method: 'PATCH',
    path: `/api/v1/articles/${articleId}`,
    headers: asAdmin,
    body: { excerpt: nul },
  },
  {
    name: 'NUL in a new subscription',
    method: 'POST',
    path: '/api/webhooks/subscriptions',
    headers: asConsumer,
    body: {
      endpoint_url: receiver.url('/x'),
      events: ['order.created'],
      description: nul,
    },
  },
  {
    name: 'NUL in a subscription patch',
    method: 'PATCH',
    path: `/api/webhooks/subscriptions/${subscriptionId}`,
    headers: asConsumer,
    body: { description: nul },
  },
  { name: 'NUL in q', method: 'GET', path: '/api/search?q=a%00b', headers: anonymous },
  { name: 'NUL in v1 q', method: 'GET', path: '/api/v1/search?q=a%00b', headers: asAdmin },
  {
    name: 'NUL as a subscription id',
    method: 'GET',
    path: '/webhooks/subscriptions/%00',
    headers: asConsumer,
  },
  {
    name: 'after_id beyond int4',
    method: 'GET',
    path: '/api/v1/articles?after_id=2147483648',
    headers: asAdmin,
  },
  {
    name: 'after_id of 15 digits',
    method: 'GET',
    path: '/api/v1/articles?after_id=999999999999999',
    headers: asAdmin,
  },
  {
    name: 'v1 author_id beyond int4',
    method: 'GET',
    path: '/api/v1/articles?author_id=2147483648',
    headers: asAdmin,
  },
  {
    name: 'v2 author_id beyond int4',
    method: 'GET',
    path: '/api/v2/articles?author_id=2147483648',
    headers: asAdmin,
  },
  {
    name: 'delivery id beyond int4',
    method: 'POST',
    path: '/webhooks/deliveries/2147483648/retry',
    headers: asConsumer,
  },
  {
    name: 'admin delivery retry beyond int4',
    method: 'POST',
    path: '/api/webhook-deliveries/2147483648/retry',
    headers: asAdmin,
  },
  {
    name: 'checkout productId beyond int4',
    method: 'POST',
    path: '/api/orders/checkout',
    headers: anonymous,
    body: checkoutLine('9999999999'),
  },
  {
    name: 'Lexical children holding a number',
    method: 'PATCH',
    path: `/api/v1/articles/${articleId}`,
    headers: asAdmin,
    body: { body: { root: { type: 'root', children: [0] } } },
  },
  ...['0000-01-01T00:00:00Z', '0013-06-01T00:00:00Z', '0031-12-31T23:59:59Z'].map(
    (publishedAt): Probe => ({
      name: `published_at ${publishedAt}`,
      method: 'PATCH',
      path: `/api/v1/articles/${articleId}`,
      headers: asAdmin,
      body: { published_at: publishedAt },
    }),
  ),
  ...['2026-01-01T00:00:00+16:00', '2026-01-01T00:00:00-23:59'].map((publishedAt): Probe => ({
    name: `published_at ${publishedAt}`,
    method: 'PATCH',
    path: `/api/v1/articles/${articleId}`,
    headers: asAdmin,
    body: { published_at: publishedAt },
  })),
  {
    name: 'JSON nested 10,000 deep',
    method: 'POST',
    path: '/api/admin-action',
    headers: asAdmin,
    rawBody: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  },
]

/** The envelope each family answers errors with. */
const envelopeOf = (path: string) =>
  /^\/(api\/)?(v1|v2|webhooks|webhook-deliveries)\//.test(path)
    ? 'resource'
    : path.startsWith('/api/orders/checkout') ||
        path.startsWith('/api/contact') ||
        path.startsWith('/api/search') ||
        path.startsWith('/api/admin-action')
      ? 'custom'
      : 'errors'

describe('hostile input to the custom endpoints', () => {
  it('is a 400 in the endpoint family’s envelope, never a 500, and nothing is written', async () => {
    const before = {
      inquiries: (await payload.count({ collection: 'inquiries' })).totalDocs,
      orders: (await payload.count({ collection: 'orders' })).totalDocs,
      audit: (await payload.count({ collection: 'audit-log' })).totalDocs,
      subscriptions: (await payload.count({ collection: 'webhook-subscriptions' })).totalDocs,
    }
    const answers: string[] = []
    for (const probe of customProbes()) {
      const response = await restJson(probe.method, probe.path, {
        headers: probe.headers(),
        body: probe.body,
        rawBody: probe.rawBody,
      })
      const envelope = envelopeOf(probe.path)
      const shaped =
        envelope === 'resource'
          ? typeof response.body?.error?.message === 'string'
          : envelope === 'custom'
            ? typeof response.body?.error === 'string'
            : Array.isArray(response.body?.errors)
      answers.push(`${probe.name}: ${response.status}${shaped ? '' : ' (wrong envelope)'}`)
    }
    // A NUL in a path id names nothing (404); everything else is refused as bad input (400).
    expect(answers).toEqual(
      customProbes().map(
        (probe) => `${probe.name}: ${probe.name === 'NUL as a subscription id' ? 404 : 400}`,
      ),
    )
    expect({
      inquiries: (await payload.count({ collection: 'inquiries' })).totalDocs,
      orders: (await payload.count({ collection: 'orders' })).totalDocs,
      audit: (await payload.count({ collection: 'audit-log' })).totalDocs,
      subscriptions: (await payload.count({ collection: 'webhook-subscriptions' })).totalDocs,
    }).toEqual(before)
  })

  it('names the field that holds the NUL', async () => {
    const response = await restJson('POST', '/api/v1/articles', {
      headers: asAdmin(),
      body: {
        title: 'Fine',
        slug: 'nul-excerpt',
        status: 'draft',
        author_id: authorId,
        excerpt: nul,
      },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.details).toEqual([
      { field: 'excerpt', message: expect.stringMatching(/NUL/) },
    ])
  })
})

describe("hostile input to Payload's own REST and GraphQL", () => {
  const probes: [string, 'GET', string, () => Record<string, string>][] = [
    ['negative page', 'GET', '/api/products?page=-1', anonymous],
    ['page 1e300', 'GET', '/api/products?page=1e300', anonymous],
    ['limit 1e400', 'GET', '/api/products?limit=1e400', anonymous],
    ['a word as a product id', 'GET', '/api/products/abc', anonymous],
    ['a word as an event type id', 'GET', '/api/webhook-event-types/abc', anonymous],
    ['a word in an id list', 'GET', '/api/products?where[id][in]=1,abc', anonymous],
    ['NUL in a where clause', 'GET', '/api/products?where[name][equals]=a%00b', anonymous],
    ['checkout read as an order id', 'GET', '/api/orders/checkout', asAdmin],
  ]
  it.each(probes)('%s is a 4xx in Payload’s shape', async (_name, method, path, headers) => {
    const response = await restJson(method, path, { headers: headers() })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.body).toEqual({
      errors: [expect.objectContaining({ message: expect.any(String) })],
    })
  })

  it('answers an anonymous `{Access{canAccessAdmin}}` without an internal error', async () => {
    const response = await GRAPHQL_POST(config)(
      new Request('http://localhost:3000/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...anonymous() },
        body: JSON.stringify({ query: '{ Access { canAccessAdmin } }' }),
      }),
    )
    const body = (await response.json()) as { data?: any; errors?: { message: string }[] }
    expect(response.status).toBe(200)
    expect(body.errors ?? []).toEqual([])
    expect(body.data.Access.canAccessAdmin).toBe(false)
  })
})

describe('request bodies over MAX_BODY_BYTES', () => {
  it('are refused 413 in the family’s envelope from the declared length, unread', async () => {
    const response = await rest('POST', '/api/contact', {
      headers: { ...anonymous(), 'content-length': String(600 * 1024 * 1024) },
      rawBody: '{}',
    })
    expect(response.status).toBe(413)
    const body = await response.json()
    expect(body).toEqual({ error: expect.stringMatching(/1 MB|1048576/) })
    // The limit in numbers; the setting that makes it is the operator's, not named here.
    expect(body.error).not.toContain('MAX_BODY_BYTES')
  })

  it('are refused 413 by every operation that takes a body, as the document says', async () => {
    const document = (await restJson('GET', '/api/openapi.json')).body
    const contract = await openApiContract(document)
    const operations = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      (['put', 'post', 'patch'] as const)
        .filter((method) => item[method]?.requestBody)
        .map((method) => ({ method: method.toUpperCase() as 'POST', path })),
    )
    expect(operations.length).toBeGreaterThan(5)
    for (const { method, path } of operations) {
      const url = path.replace('{id}', '1')
      const response = await rest(method, url, {
        headers: { ...anonymous(), 'content-length': String(2 * 1024 * 1024) },
        rawBody: '{}',
      })
      const answer = {
        status: response.status,
        headers: response.headers,
        text: await response.text(),
      }
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(413)
      await contract.expectConforms(method, url, answer)
    }
    const promised = contract.promised().filter((pair) => pair.endsWith(' 413'))
    expect(promised.filter((pair) => !contract.seen.has(pair))).toEqual([])
  })

  it('are refused 413 as soon as a streamed body crosses the limit', async () => {
    let sent = 0
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024 - 2)}"`)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength
        // 64 MB if it were read to the end.
        if (sent > 64 * 1024 * 1024) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const request = new Request('http://localhost:3000/api/v1/articles', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asAdmin() },
      body,
      duplex: 'half',
    } as RequestInit)
    const response = await REST_POST(config)(request, {
      params: Promise.resolve({ slug: ['v1', 'articles'] }),
    })
    expect(response.status).toBe(413)
    expect((await response.json()).error.code).toBe('payload_too_large')
    // Read no further than a few chunks past the limit.
    expect(sent).toBeLessThan(4 * 1024 * 1024)
  })
})

describe('a request carrying two credentials', () => {
  it('is 401 when either of them is invalid, whatever the other is', async () => {
    const garbageBearer = await restJson('GET', '/webhooks/subscriptions', {
      headers: { ...asConsumer(), authorization: 'Bearer garbage' },
    })
    expect(garbageBearer.status).toBe(401)
    const wrongKey = await restJson('GET', '/api/v1/me', {
      headers: { ...asAdmin(), 'x-api-key': 'not-a-key' },
    })
    expect(wrongKey.status).toBe(401)
    // Both valid: still served (the user's token decides, as Payload authenticates).
    const both = await restJson('GET', '/api/v1/me', { headers: { ...asAdmin(), ...asConsumer() } })
    expect(both.status).toBe(200)
  })
})
