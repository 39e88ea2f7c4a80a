import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seed } from '../../seed'
import { seedCredentials } from '../../seed/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { userWithToken } from '../helpers/identities'

let payload: Payload
// The demo pictures go to a directory of this run's own, not to the working tree.
const mediaDirectory = await mkdtemp(path.join(os.tmpdir(), 'seed-media-'))

beforeAll(async () => {
  payload = await getTestPayload({ MEDIA_DIRECTORY: mediaDirectory })
})

afterAll(async () => {
  await rm(mediaDirectory, { recursive: true, force: true })
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
      media: (await payload.count({ collection: 'media' })).totalDocs,
      files: (await readdir(mediaDirectory)).length,
      drafts: (
        await payload.count({ collection: 'articles', where: { _status: { equals: 'draft' } } })
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
      media: 8,
      // Each original with its thumbnail, card and hero sizes.
      files: 32,
      drafts: 20,
      pendingComments: expect.any(Number),
    })
    expect(first.pendingComments).toBeGreaterThan(0)
    await seed(payload)
    expect(await count()).toEqual(first)
  })

  it('shows demo pictures: a cover on every article and page, one to three images per product', async () => {
    const articles = await payload.find({ collection: 'articles', depth: 0, pagination: false })
    expect(articles.docs.length).toBe(50)
    expect(articles.docs.every((article) => typeof article.cover === 'number')).toBe(true)
    const pages = await payload.find({ collection: 'pages', depth: 0, pagination: false })
    expect(pages.docs.every((page) => typeof page.cover === 'number')).toBe(true)
    // The cover did not publish the draft page.
    expect(pages.docs.find((page) => page.slug === 'holiday-sale')?._status).toBe('draft')
    const products = await payload.find({ collection: 'products', depth: 0, pagination: false })
    for (const product of products.docs) {
      expect(product.images?.length).toBeGreaterThanOrEqual(1)
      expect(product.images?.length).toBeLessThanOrEqual(3)
    }
    const { docs: images } = await payload.find({ collection: 'media', pagination: false })
    expect(new Set(images.map((image) => image.alt)).size).toBe(images.length)
    for (const image of images) {
      expect([image.width, image.height, image.mimeType]).toEqual([1600, 1000, 'image/jpeg'])
      const hero = await sharp(path.join(mediaDirectory, image.sizes!.hero!.filename!)).metadata()
      expect([hero.format, hero.width]).toEqual(['webp', 1600])
    }
  })

  it('gives the sales report and the order list a month of paid, shipped and delivered orders', async () => {
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
