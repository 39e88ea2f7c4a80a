import config from '@payload-config'
import { REST_POST } from '@payloadcms/next/routes'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { postgres } from '../../src/db/transaction'
import { seedWebhookEventTypes } from '../../seed/webhooks'
import { consumerWithKey, userWithToken } from '../helpers/identities'
import { withOtherWriter } from '../helpers/otherWriter'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { createProduct } from '../helpers/shop'

// Payload reads a write's body and runs a collection's `beforeOperation` hooks before it checks
// access. The hook that locks the rows an update will write ran there: an anonymous PATCH waited
// for any row another writer held (a checkout, a save, the webhook worker) before being refused,
// and a bulk one queued for a table lock that every other save then waited behind. Each case
// holds a real row lock on its own connection and sends the request while it is held; the last
// sends a body that never ends.

let payload: Payload
let pool: Pool
let customer: Record<string, string>
let consumer: Record<string, string>
let admin: Record<string, string>

/** What `request` answered while the lock was held, or `still waiting` after 10 s of it. */
async function answerWhileHeld<T>(request: Promise<T>): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<'still waiting'>((resolve) => {
    timer = setTimeout(() => resolve('still waiting'), 10_000)
  })
  try {
    return await Promise.race([request, waited])
  } finally {
    clearTimeout(timer)
  }
}

type Door = { slug: string; table: string; rowId: () => Promise<string | number> }

const doors: Door[] = [
  {
    slug: 'products',
    table: 'products',
    rowId: async () => (await createProduct(payload)).id,
  },
  {
    slug: 'articles',
    table: 'articles',
    rowId: async () => {
      const author = await payload.create({ collection: 'authors', data: { name: 'Held' } })
      const article = await payload.create({
        collection: 'articles',
        data: {
          title: 'Held article',
          slug: `held-${author.id}`,
          author: author.id,
          _status: 'published',
        },
      })
      return article.id
    },
  },
  {
    slug: 'webhook-subscriptions',
    table: 'webhook_subscriptions',
    rowId: async () => {
      const created = await restJson('POST', '/webhooks/subscriptions', {
        headers: consumer,
        body: { endpoint_url: 'https://hooks.example.com/in', events: ['order.paid'] },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      return created.body.id as string
    },
  },
]

beforeAll(async () => {
  payload = await getTestPayload()
  pool = postgres(payload).pool
  await seedWebhookEventTypes(payload)
  customer = { authorization: `Bearer ${(await userWithToken(payload, 'customer')).token}` }
  admin = { authorization: `Bearer ${(await userWithToken(payload, 'admin')).token}` }
  consumer = { 'x-api-key': (await consumerWithKey(payload)).apiKey }
})

describe.each(doors)('a write to $slug refused while another writer holds a row', (door) => {
  const callers = () => [
    { name: 'anonymous', headers: {} },
    { name: 'a customer', headers: customer },
    { name: 'an API consumer', headers: consumer },
  ]

  it(
    'refuses every under-privileged bulk and by-id update at once, with 403',
    { timeout: 120_000 },
    async () => {
      const held = await door.rowId()
      await withOtherWriter(pool, async (other) => {
        await other.query(`SELECT 1 FROM ${door.table} WHERE id = $1 FOR UPDATE`, [held])
        for (const caller of callers()) {
          for (const path of [
            `/api/${door.slug}?where[id][equals]=-1`,
            `/api/${door.slug}/${held}`,
          ]) {
            const answer = await answerWhileHeld(
              restJson('PATCH', path, { headers: caller.headers, body: { title: 'x', name: 'x' } }),
            )
            expect(answer, `${caller.name} PATCH ${path}`).not.toBe('still waiting')
            if (answer === 'still waiting') continue
            expect(answer.status, `${caller.name} PATCH ${path}`).toBe(403)
          }
        }
      })
    },
  )
})

describe('an admin saving one product while another product is held', () => {
  it('is not queued behind a refused anonymous bulk update', async () => {
    const held = await createProduct(payload)
    const other = await createProduct(payload)
    await withOtherWriter(pool, async (checkout) => {
      await checkout.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [held.id])
      const anonymous = answerWhileHeld(
        restJson('PATCH', '/api/products?where[id][equals]=-1', { body: { name: 'x' } }),
      )
      const save = await answerWhileHeld(
        restJson('PATCH', `/api/products/${other.id}`, {
          headers: admin,
          body: { description: 'Saved beside a checkout.' },
        }),
      )
      expect(save).not.toBe('still waiting')
      if (save !== 'still waiting') expect(save.status).toBe(200)
      const refused = await anonymous
      expect(refused).not.toBe('still waiting')
      if (refused !== 'still waiting') expect(refused.status).toBe(403)
    })
  })
})

describe('a write whose body never ends', () => {
  /** A request whose body sends one chunk and then nothing, never closing. */
  const endless = (path: string, headers: Record<string, string>, contentType: string) =>
    new Request(new URL(path, 'http://localhost:3000'), {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; '))
        },
      }),
      duplex: 'half',
    } as RequestInit)

  it('is refused with 403 to a caller who may not write, without reading the body', async () => {
    const post = REST_POST(config)
    for (const [path, type] of [
      ['/api/media', 'multipart/form-data; boundary=x'],
      ['/api/products', 'application/json'],
      ['/api/payload-locked-documents', 'application/json'],
    ] as const) {
      for (const headers of [{}, customer, consumer]) {
        const slug = path.replace(/^\/api\//, '').split('/')
        const answer = await answerWhileHeld(
          post(endless(path, headers, type), { params: Promise.resolve({ slug }) }),
        )
        expect(answer, `POST ${path} as ${JSON.stringify(headers)}`).not.toBe('still waiting')
        if (answer !== 'still waiting') expect(answer.status).toBe(403)
      }
    }
  })
})
