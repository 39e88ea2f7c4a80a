import { z } from 'zod'
import { describe, expect, it } from 'vitest'

import { hitFields, hitPublishedAt } from './hitFields'
import { searchTargets } from './searchTargets'

const articleHit = z.strictObject({ ...hitFields.articles, publishedAt: hitPublishedAt })
const productHit = z.strictObject(hitFields.products)
const pageHit = z.strictObject(hitFields.pages)

const article = {
  id: 1,
  title: 'Keyset pagination',
  slug: 'keyset-pagination',
  excerpt: 'Notes on keyset pagination.',
  status: 'published',
  publishedAt: '2026-01-15T09:30:00.000Z',
  image: null,
}
const product = {
  id: 2,
  name: 'Mug',
  slug: 'mug',
  description: 'A mug.',
  price: 24.9,
  active: true,
  image: null,
}
const page = {
  id: 3,
  title: 'About',
  slug: 'about',
  description: 'Who we are.',
  published: true,
  image: null,
}

describe('search hit fields', () => {
  it('describe exactly the fields search returns, the publication date added per API', () => {
    for (const [name, target] of Object.entries(searchTargets)) {
      const selected = [
        ...target.fields.map((field) => field.name).filter((n) => n !== 'publishedAt'),
        'image',
      ]
      const described = Object.keys(hitFields[name as keyof typeof hitFields])
      expect(described.sort(), name).toEqual(selected.sort())
    }
  })

  it('accept a hit of each collection', () => {
    expect(articleHit.safeParse(article).success).toBe(true)
    expect(productHit.safeParse(product).success).toBe(true)
    expect(pageHit.safeParse(page).success).toBe(true)
  })

  it('allow an empty excerpt or description, and a draft without publication date', () => {
    expect(
      articleHit.safeParse({ ...article, excerpt: null, status: 'draft', publishedAt: null })
        .success,
    ).toBe(true)
    expect(productHit.safeParse({ ...product, description: null }).success).toBe(true)
    expect(pageHit.safeParse({ ...page, description: null }).success).toBe(true)
  })

  it('require a title, name and slug', () => {
    expect(articleHit.safeParse({ ...article, title: null }).success).toBe(false)
    expect(productHit.safeParse({ ...product, name: null }).success).toBe(false)
    expect(pageHit.safeParse({ ...page, slug: null }).success).toBe(false)
  })

  it('allow an article only the statuses of its life cycle', () => {
    for (const status of ['draft', 'published']) {
      expect(articleHit.safeParse({ ...article, status }).success, status).toBe(true)
    }
    expect(articleHit.safeParse({ ...article, status: 'deleted' }).success).toBe(false)
    expect(articleHit.safeParse({ ...article, status: 'archived' }).success).toBe(false)
  })

  it('want integer ids and a numeric price', () => {
    expect(articleHit.safeParse({ ...article, id: 1.5 }).success).toBe(false)
    expect(pageHit.safeParse({ ...page, id: '3' }).success).toBe(false)
    expect(productHit.safeParse({ ...product, price: '24.90' }).success).toBe(false)
  })
})

describe('hitPublishedAt', () => {
  it('takes ISO 8601 date-times in UTC, or null', () => {
    expect(hitPublishedAt.safeParse('2026-01-15T09:30:00.000Z').success).toBe(true)
    expect(hitPublishedAt.safeParse(null).success).toBe(true)
  })

  it('refuses PostgreSQL’s default timestamp text and bare dates', () => {
    expect(hitPublishedAt.safeParse('2026-01-15 09:30:00+00').success).toBe(false)
    expect(hitPublishedAt.safeParse('2026-01-15').success).toBe(false)
    expect(hitPublishedAt.safeParse('2026-01-15T09:30:00.000+03:00').success).toBe(false)
  })
})
