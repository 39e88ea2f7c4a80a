import { describe, expect, it } from 'vitest'

import { toArticleEventData, toArticleRemovedEventData } from './articleEvents'
import { toCommentEventData } from './commentEvents'

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

describe('event payloads', () => {
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
