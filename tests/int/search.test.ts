import { beforeAll, describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { articlesSetUp } from '../helpers/articlesSetUp'

const { payload, editor, consumer, authorId } = articlesSetUp({
  author: 'Searcher',
  consumer: true,
})

beforeAll(async () => {
  const article = (title: string, excerpt: string, status = 'published') =>
    payload().create({
      collection: 'articles',
      data: {
        title,
        excerpt,
        slug: `s-${Math.random().toString(36).slice(2)}`,
        _status: status as 'published',
        author: authorId(),
      },
    })
  for (let index = 0; index < 7; index++) await article(`Zephyr winds ${index}`, 'Weather')
  await article('Calm seas', 'Where the zephyr sleeps')
  await article('Zephyr draft', 'Not out yet', 'draft')
  await article('Sale: 50% off', 'Prices')
  await article('Sale: 500 off', 'Prices')
  await article('The 100_percent rule', 'Rules')
  await article('The 100 percent rule', 'Rules')
  await article('Paths like C:\\temp', 'Windows')
  for (const [name, description, active] of [
    ['Zephyr fan', 'Quiet', true],
    ['Desk lamp', 'Bright as a zephyr', true],
    ['Zephyr prototype', 'Not for sale', false],
  ] as const) {
    await payload().create({
      collection: 'products',
      data: {
        name,
        slug: name.toLowerCase().replace(' ', '-'),
        description,
        active,
        price: 19.99,
        stock: 3,
      },
    })
  }
  await payload().create({
    collection: 'pages',
    data: {
      title: 'Zephyr delivery',
      slug: 'zephyr-delivery',
      description: 'Shipping',
      _status: 'published',
    },
  })
  await payload().create({
    collection: 'pages',
    data: {
      title: 'Contact',
      slug: 'contact',
      description: 'Write to Zephyr HQ',
      _status: 'published',
    },
  })
  await payload().create({
    collection: 'pages',
    data: { title: 'Zephyr secret sale', slug: 'secret', description: 'Soon', _status: 'draft' },
  })
})

const search = async (query: string, headers: Record<string, string> = {}) =>
  restJson('GET', `/api/search${query}`, { headers })

describe('GET /api/search', () => {
  it('finds nothing for a missing, 1-character or blank query, but searches from 2 characters', async () => {
    for (const query of ['', '?q=', '?q=z', '?q=%20z%20']) {
      const response = await search(query)
      expect(response.status, query).toBe(200)
      expect(response.body).toEqual({ docs: [], totalDocs: 0 })
    }
    const twoCharacters = await search('?q=ze&type=pages')
    expect(twoCharacters.body.totalDocs).toBe(2)
  })

  it('matches titles and descriptions case-insensitively, at most 5 per collection', async () => {
    const response = await search('?q=ZEPHYR')
    expect(response.status).toBe(200)
    const posts = response.body.docs.filter(
      (doc: { _collection: string }) => doc._collection === 'posts',
    )
    const pages = response.body.docs.filter(
      (doc: { _collection: string }) => doc._collection === 'pages',
    )
    expect(posts).toHaveLength(5)
    expect(pages.map((page: { title: string }) => page.title).sort()).toEqual([
      'Contact',
      'Zephyr delivery',
    ])
    const products = response.body.docs.filter(
      (doc: { _collection: string }) => doc._collection === 'products',
    )
    expect(products.map((product: { name: string }) => product.name).sort()).toEqual([
      'Desk lamp',
      'Zephyr fan',
    ])
    expect(products[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.any(String),
      description: expect.any(String),
      price: 19.99,
      active: true,
      image: null,
      _collection: 'products',
      _highlight: expect.any(Object),
    })
    expect(response.body.totalDocs).toBe(9)
    expect(pages[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      slug: expect.any(String),
      description: expect.any(String),
      published: true,
      image: null,
      _collection: 'pages',
      _highlight: expect.any(Object),
    })
    // An article found by its excerpt.
    const byExcerpt = await search('?q=sleeps&type=posts')
    expect(byExcerpt.body.docs.map((doc: { title: string }) => doc.title)).toEqual(['Calm seas'])
  })

  it('searches only the collection named by type, and refuses an unknown type', async () => {
    const posts = await search('?q=zephyr&type=posts')
    expect(
      posts.body.docs.every((doc: { _collection: string }) => doc._collection === 'posts'),
    ).toBe(true)
    expect(posts.body.totalDocs).toBe(5)
    const pages = await search('?q=zephyr&type=pages')
    expect(
      pages.body.docs.every((doc: { _collection: string }) => doc._collection === 'pages'),
    ).toBe(true)
    const products = await search('?q=zephyr&type=products')
    expect(products.body.docs.map((doc: { _collection: string }) => doc._collection)).toEqual([
      'products',
      'products',
    ])
    const unknown = await search('?q=zephyr&type=users')
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ error: expect.stringContaining('type') })
  })

  it('takes %, _ and \\ literally', async () => {
    const titles = async (q: string) =>
      (await search(`?type=posts&q=${encodeURIComponent(q)}`)).body.docs.map(
        (doc: { title: string }) => doc.title,
      )
    expect(await titles('0% off')).toEqual(['Sale: 50% off'])
    expect(await titles('0_p')).toEqual(['The 100_percent rule'])
    expect(await titles('C:\\t')).toEqual(['Paths like C:\\temp'])
    expect(await titles('%%')).toEqual([])
  })

  it('finds drafts and unpublished pages only for editors', async () => {
    for (const headers of [{}, consumer()]) {
      const response = await search('?q=zephyr+s', headers)
      const titles = response.body.docs.map((doc: { title: string }) => doc.title)
      expect(titles).not.toContain('Zephyr secret sale')
      const drafts = await search('?q=draft&type=posts', headers)
      expect(drafts.body.docs).toEqual([])
    }
    const inactive = await search('?q=prototype&type=products')
    expect(inactive.body.docs).toEqual([])
    const inactiveForEditor = await search('?q=prototype&type=products', editor())
    expect(inactiveForEditor.body.docs.map((doc: { name: string }) => doc.name)).toEqual([
      'Zephyr prototype',
    ])
    const forEditor = await search('?q=zephyr+s&type=pages', editor())
    expect(forEditor.body.docs.map((doc: { title: string }) => doc.title)).toEqual([
      'Zephyr secret sale',
    ])
    const drafts = await search('?q=draft&type=posts', editor())
    expect(drafts.body.docs.map((doc: { title: string }) => doc.title)).toEqual(['Zephyr draft'])
  })
})

describe('GET /api/v1/search', () => {
  const searchV1 = (query: string, headers: Record<string, string> = consumer()) =>
    restJson('GET', `/api/v1/search${query}`, { headers })

  it('needs credentials', async () => {
    const response = await searchV1('?q=zephyr', {})
    expect(response.status).toBe(401)
    expect(response.body.error.code).toBe('unauthorized')
  })

  it('answers in the v1 envelope with v1 field names, 5 per collection', async () => {
    const response = await searchV1('?q=zephyr&collections=articles,pages')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['data'])
    const articles = response.body.data.filter(
      (r: { _collection: string }) => r._collection === 'articles',
    )
    expect(articles).toHaveLength(5)
    expect(articles[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      slug: expect.any(String),
      excerpt: expect.any(String),
      status: 'published',
      published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      image: null,
      _collection: 'articles',
      _highlight: expect.any(Object),
    })
    expect(
      response.body.data.filter((r: { _collection: string }) => r._collection === 'pages'),
    ).toHaveLength(2)
  })

  it('searches articles and products by default, ignores unknown names, and applies the same rules', async () => {
    const byDefault = await searchV1('?q=zephyr')
    expect(new Set(byDefault.body.data.map((r: { _collection: string }) => r._collection))).toEqual(
      new Set(['articles', 'products']),
    )
    const unknownOnly = await searchV1('?q=zephyr&collections=users,secrets')
    expect(unknownOnly.body).toEqual({ data: [] })
    expect((await searchV1('?q=z')).body).toEqual({ data: [] })
    const literal = await searchV1(`?q=${encodeURIComponent('0% off')}&collections=articles`)
    expect(literal.body.data.map((r: { title: string }) => r.title)).toEqual(['Sale: 50% off'])
    const draftsForConsumer = await searchV1('?q=draft&collections=articles')
    expect(draftsForConsumer.body.data).toEqual([])
    const draftsForEditor = await searchV1('?q=draft&collections=articles', editor())
    expect(draftsForEditor.body.data).toHaveLength(1)
  })
})
