import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { seed } from '../../seed'
import { seedCredentials } from '../../seed/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

describe('npm run seed', () => {
  it('creates the demo accounts and content, and running it again changes nothing', async () => {
    await seed(payload)
    const count = async () => ({
      users: (await payload.count({ collection: 'users' })).totalDocs,
      consumers: (await payload.count({ collection: 'consumers' })).totalDocs,
      authors: (await payload.count({ collection: 'authors' })).totalDocs,
      tags: (await payload.count({ collection: 'tags' })).totalDocs,
      articles: (await payload.count({ collection: 'articles' })).totalDocs,
      pages: (await payload.count({ collection: 'pages' })).totalDocs,
      orders: (await payload.count({ collection: 'orders' })).totalDocs,
      drafts: (
        await payload.count({ collection: 'articles', where: { status: { equals: 'draft' } } })
      ).totalDocs,
      pendingComments: (
        await payload.count({ collection: 'comments', where: { status: { equals: 'pending' } } })
      ).totalDocs,
    })
    const first = await count()
    expect(first).toEqual({
      users: 2,
      consumers: 1,
      authors: 4,
      tags: 6,
      articles: 50,
      pages: 4,
      orders: 6,
      drafts: 10,
      pendingComments: expect.any(Number),
    })
    expect(first.pendingComments).toBeGreaterThan(0)
    await seed(payload)
    expect(await count()).toEqual(first)
  })

  it('gives the sales report and the order list a month of paid, shipped and delivered orders', async () => {
    const { userWithToken } = await import('../helpers/identities')
    const admin = await userWithToken(payload, 'admin')
    const headers = { authorization: `Bearer ${admin.token}` }
    const month = await restJson('GET', '/api/reports/sales?period=month', { headers })
    expect(month.status).toBe(200)
    // 2 × 790 + (1290.50 + 3 × 19.99) + 5 × 19.99 + (790 + 1290.50) + 4 × 790 + (2 × 1290.50 + 19.99)
    expect(month.body.data).toMatchObject({ count: 6, revenue: 10871.91, period: 'month' })
    const week = await restJson('GET', '/api/reports/sales?period=week', { headers })
    expect(week.body.data).toMatchObject({ count: 3 })
    const { docs } = await payload.find({ collection: 'orders', depth: 0, pagination: false })
    expect(new Set(docs.map((order) => order.status))).toEqual(
      new Set(['paid', 'shipped', 'delivered']),
    )
    expect(docs.every((order) => order.items?.length && order.paid_at)).toBe(true)
  })

  it('gives the seeded admin, editor and consumer working credentials', async () => {
    const credentials = seedCredentials()
    for (const [email, password, role] of [
      [credentials.adminEmail, credentials.adminPassword, 'admin'],
      [credentials.editorEmail, credentials.editorPassword, 'editor'],
    ]) {
      const login = await restJson('POST', '/api/users/login', { body: { email, password } })
      expect(login.status).toBe(200)
      expect(login.body.user.role).toBe(role)
    }
    const me = await restJson('GET', '/api/v1/me', {
      headers: { 'x-api-key': credentials.consumerApiKey },
    })
    expect(me.body.data).toMatchObject({ type: 'consumer', name: 'Demo integration' })
  })
})
