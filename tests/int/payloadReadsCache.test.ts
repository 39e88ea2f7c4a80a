import { payloadConfig } from '@payload-config'
import { BasePayload, createLocalReq, type Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { answerCacheOf } from '../../src/answerCache/operations/answerCacheOf'
import { configOf } from '../../src/config/appConfig'
import { closePayload } from '../../src/db/closePayload'
import {
  answerCacheCount,
  readUntilHit,
  statementsDuring,
  until,
} from '../helpers/answerCacheProbes'
import { consumerHeaders, userWithToken } from '../helpers/identities'
import { uploadPlainPicture } from '../helpers/pictures'
import { rest, restJson } from '../helpers/rest'
import { address, createProduct, shopHarness } from '../helpers/shop'

const shop = shopHarness()
let payload: Payload
let secondInstance: Payload

beforeAll(async () => {
  // Reads poll until a hit, many a second from one address: the general limit out of the way.
  ;({ payload } = await shop.start({ ANSWER_CACHE: 'on', RATE_LIMIT_DEFAULT: '1000000/60' }))
  // A second instance on the same database with its own pool and listener, as a second app
  // server would have.
  secondInstance = await new BasePayload().init({ config: payloadConfig(configOf(payload)) })
  await answerCacheOf(payload)!.listening()
  await answerCacheOf(secondInstance)!.listening()
})

afterAll(async () => {
  await answerCacheOf(secondInstance)?.stop()
  if (secondInstance) await closePayload(secondInstance)
})

const image = (alt: string) =>
  uploadPlainPicture(payload, {
    alt,
    format: 'png',
    width: 40,
    height: 30,
    background: { r: 200, g: 40, b: 40 },
  })

/** Reads product `id` with its images through Payload's REST route on the second instance. */
async function readOnOther(path: '/' | '/:id', query: Record<string, string>, id?: number) {
  const collection = secondInstance.config.collections.find((c) => c.slug === 'products')!
  const endpoint = (collection.endpoints || []).find((e) => e.method === 'get' && e.path === path)!
  const search = new URLSearchParams(query).toString()
  const req = await createLocalReq(
    {
      req: {
        url: `http://localhost:3000/api/products${id === undefined ? '' : `/${id}`}?${search}`,
        headers: new Headers(),
      } as never,
    },
    secondInstance,
  )
  req.user = null
  req.query = query
  req.routeParams = { collection: 'products', ...(id === undefined ? {} : { id: String(id) }) }
  return (await (await endpoint.handler(req)).json()) as Record<string, any>
}

describe("Payload's own reads of pages, products and media for outsiders", () => {
  it('answer a repeated read from memory: no query, 304 on the ETag, public to shared caches', async () => {
    const picture = await image('Cached mug')
    const product = await createProduct(payload, { name: 'Cached mug', images: [picture] })
    const path = `/api/products/${product.id}?depth=1`
    const first = await rest('GET', path)
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"/)
    expect(first.headers.get('cache-tag')?.split(',')).toEqual(
      expect.arrayContaining([`products:${product.id}`, 'media']),
    )
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/)

    await readUntilHit(path)
    const hits = await answerCacheCount('hit')
    let again: Response | undefined
    const statements = await statementsDuring(payload.db.pool as Pool, async () => {
      again = await rest('GET', path)
    })
    expect(again!.status).toBe(200)
    expect(await again!.text()).toBe(await first.text())
    expect(await answerCacheCount('hit')).toBe(hits + 1)
    const isExchange = (text: string) => /^\s*INSERT INTO rate_limits AS r\b/.test(text)
    expect(statements.filter((text) => !isExchange(text))).toEqual([])

    const unchanged = await rest('GET', path, { headers: { 'if-none-match': etag } })
    expect(unchanged.status).toBe(304)

    // Lists and media reads too, keyed by their whole query.
    for (const read of [
      `/api/products?where[id][equals]=${product.id}&depth=1&limit=5`,
      `/api/media/${picture}`,
      `/api/media?limit=3&sort=-createdAt`,
      `/api/pages?limit=2&depth=0`,
    ]) {
      expect((await readUntilHit(read)).status).toBe(200)
    }
  })

  it('show a change to a product, its image and a page’s locale text in the next read, here and on another instance', async () => {
    const picture = await image('Old alt')
    const product = await createProduct(payload, { name: 'Before', images: [picture] })
    const path = `/api/products/${product.id}?depth=1`
    const read = async () => (await restJson('GET', path)).body
    const list = `/api/products?where[id][equals]=${product.id}&depth=1`
    const readList = async () => (await restJson('GET', list)).body.docs[0]
    const onOther = () => readOnOther('/:id', { depth: '1' }, product.id)
    await readUntilHit(path)
    await readUntilHit(list)
    expect((await onOther()).name).toBe('Before')
    expect((await onOther()).name).toBe('Before')

    // The product itself.
    await payload.update({ collection: 'products', id: product.id, data: { name: 'After' } })
    expect((await read()).name).toBe('After')
    expect((await readList()).name).toBe('After')
    await until(async () => (await onOther()).name === 'After')

    // Its image.
    await readUntilHit(path)
    await payload.update({ collection: 'media', id: picture, data: { alt: 'New alt' } })
    expect((await read()).images[0].alt).toBe('New alt')
    expect((await readList()).images[0].alt).toBe('New alt')
    await until(async () => (await onOther()).images[0].alt === 'New alt')

    // Deactivated: gone for outsiders.
    await readUntilHit(path)
    await payload.update({ collection: 'products', id: product.id, data: { active: false } })
    expect((await rest('GET', path)).status).toBe(404)
    expect((await restJson('GET', list)).body.docs).toEqual([])

    // A page's text in another locale.
    const page = await payload.create({
      collection: 'pages',
      data: { title: 'About', slug: `about-${product.id}`, _status: 'published' },
    })
    const pagePath = `/api/pages/${page.id}?locale=ru&fallback-locale=none&depth=0`
    await readUntilHit(pagePath)
    await payload.update({
      collection: 'pages',
      id: page.id,
      locale: 'ru',
      data: { title: 'О нас', _status: 'published' },
    })
    expect((await restJson('GET', pagePath)).body.title).toBe('О нас')
  })

  it('show the stock a checkout took (raw SQL in its transaction) in the next read, on another instance too', async () => {
    const product = await createProduct(payload, { name: 'Stocked', stock: 7 })
    const path = `/api/products/${product.id}?depth=0`
    await readUntilHit(path)
    expect((await restJson('GET', path)).body.stock).toBe(7)
    expect((await readOnOther('/:id', { depth: '0' }, product.id)).stock).toBe(7)
    expect((await readOnOther('/:id', { depth: '0' }, product.id)).stock).toBe(7)

    const placed = await restJson('POST', '/api/orders/checkout', {
      body: {
        items: [{ productId: product.id, quantity: 3 }],
        customerEmail: 'buyer@example.com',
        shippingAddress: address,
      },
      headers: { 'x-forwarded-for': '203.0.113.54' },
    })
    expect(placed.status).toBe(201)
    expect((await restJson('GET', path)).body.stock).toBe(4)
    await until(async () => (await readOnOther('/:id', { depth: '0' }, product.id)).stock === 4)
  })

  it('never for drafts nor a user’s session', async () => {
    const page = await payload.create({
      collection: 'pages',
      data: { title: 'Published title', slug: `drafted-${Date.now()}`, _status: 'published' },
    })
    await payload.update({
      collection: 'pages',
      id: page.id,
      draft: true,
      data: { title: 'Draft title' },
    })
    const path = `/api/pages/${page.id}?depth=0`
    expect((await restJson('GET', path)).body.title).toBe('Published title')
    const bypassed = await answerCacheCount('hit')
    const asDraft = await rest('GET', `${path}&draft=true`)
    expect(asDraft.headers.get('etag')).toBeNull()
    expect(await answerCacheCount('hit')).toBe(bypassed)

    // An editor's session reads through Payload every time, drafts included.
    const { token } = await userWithToken(payload, 'editor')
    const editor = { authorization: `JWT ${token}` }
    await readUntilHit(path)
    const hits = await answerCacheCount('hit')
    const asEditor = await rest('GET', `${path}&draft=true`, { headers: editor })
    expect((await asEditor.json()).title).toBe('Draft title')
    const plain = await rest('GET', path, { headers: editor })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('etag')).toBeNull()
    expect(await answerCacheCount('hit')).toBe(hits)

    // A consumer reads what outsiders read, from the same answers, kept private to shared caches.
    const consumer = await consumerHeaders(payload)
    const asConsumer = await rest('GET', path, { headers: consumer })
    expect(await answerCacheCount('hit')).toBe(hits + 1)
    expect(asConsumer.headers.get('cache-control')).toBe('private, no-cache')
  })
})
