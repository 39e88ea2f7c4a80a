import { describe, expect, it } from 'vitest'

import {
  toArticleEventData,
  toArticleRemovedEventData,
  toCommentEventData,
  toOrderEventData,
  toOrderPaidEventData,
  toProductEventData,
} from './eventData'

describe('article and comment event payloads', () => {
  it('carry ids of relations whether or not they were populated', () => {
    const base = {
      id: 3,
      title: 'T',
      slug: 't',
      _status: 'published' as const,
      publishedAt: '2026-11-22T00:00:00.000Z',
      createdAt: '2026-11-21T00:00:00.000Z',
      updatedAt: '2026-11-22T00:00:00.000Z',
    }
    const expected = {
      id: 3,
      title: 'T',
      slug: 't',
      status: 'published',
      author_id: 9,
      cover: null,
      published_at: '2026-11-22T00:00:00.000Z',
      created_at: '2026-11-21T00:00:00.000Z',
      updated_at: '2026-11-22T00:00:00.000Z',
      locale: 'ru',
      locales: ['en', 'ru'],
    }
    // The title is the default locale's, whatever locale the change wrote.
    const languages = { locale: 'ru', locales: ['en', 'ru'], text: { title: 'T' } }
    expect(toArticleEventData({ ...base, author: 9 }, null, languages)).toEqual(expected)
    expect(toArticleEventData({ ...base, author: { id: 9 } }, null, languages)).toEqual(expected)
    expect(
      toCommentEventData({ id: 1, article: { id: 3 }, status: 'pending', createdAt: 'x' }),
    ).toEqual({ id: 1, article_id: 3, status: 'pending', created_at: 'x' })
  })
})

const order = {
  id: 3,
  status: 'paid' as const,
  total: 41.99,
  createdAt: '2026-01-01T00:00:00.000Z',
  paid_at: '2026-01-01T00:05:00.000Z',
  paymentId: 'pi_123',
  customerEmail: 'not-in-the-event@example.com',
}

describe('event payloads', () => {
  it('order.created / order.updated carry id, status, total, created_at', () => {
    expect(toOrderEventData(order)).toEqual({
      id: 3,
      status: 'paid',
      total: 41.99,
      created_at: '2026-01-01T00:00:00.000Z',
    })
  })

  it('order.paid adds paid_at and payment_id', () => {
    expect(toOrderPaidEventData(order)).toEqual({
      id: 3,
      status: 'paid',
      total: 41.99,
      created_at: '2026-01-01T00:00:00.000Z',
      paid_at: '2026-01-01T00:05:00.000Z',
      payment_id: 'pi_123',
    })
  })

  it('product.* carry id, name, slug, price, stock, active, the gallery and languages', () => {
    const product = { id: 1, name: 'Mug', slug: 'mug', price: 19.99, stock: 4, active: true }
    const languages = { locale: 'en', locales: ['en'], text: { name: 'Mug' } }
    const image = {
      id: 2,
      url: 'http://localhost:3000/api/media/file/mug.jpg',
      alt: 'A mug',
      width: 800,
      height: 600,
      sizes: {},
    }
    expect(
      toProductEventData({ ...product, description: 'x' } as typeof product, [image], languages),
    ).toEqual({ ...product, images: [image], locale: 'en', locales: ['en'] })
  })

  it('product.* of an inactive product only name it: consumers cannot read it', () => {
    const product = { id: 1, name: 'Secret', slug: 'mug', price: 19.99, stock: 4, active: false }
    const languages = { locale: 'ru', locales: ['en', 'ru'], text: { name: 'Secret' } }
    const named = { id: 1, slug: 'mug', active: false, locale: 'ru', locales: ['en', 'ru'] }
    expect(toProductEventData(product, [], languages)).toEqual(named)
    expect(toProductEventData({ ...product, active: null }, [], languages)).toEqual(named)
  })

  it('article.unpublished and article.deleted name the article by id and slug, and say when', () => {
    const article = { id: 3, slug: 'was-public', title: 'Not carried', _status: 'draft' }
    expect(
      toArticleRemovedEventData(article, new Date('2026-02-01T10:00:00Z'), {
        locale: 'en',
        locales: ['en'],
      }),
    ).toEqual({
      id: 3,
      slug: 'was-public',
      removed_at: '2026-02-01T10:00:00.000Z',
      locale: 'en',
      locales: ['en'],
    })
  })
})
