import { describe, expect, it } from 'vitest'

import { articleEventPayload, commentEventPayload } from './eventData'

describe('article and comment event payloads', () => {
  it('carry ids of relations whether or not they were populated', () => {
    const base = {
      id: 3,
      title: 'T',
      slug: 't',
      status: 'published' as const,
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
      published_at: '2026-11-22T00:00:00.000Z',
      created_at: '2026-11-21T00:00:00.000Z',
      updated_at: '2026-11-22T00:00:00.000Z',
    }
    expect(articleEventPayload({ ...base, author: 9 })).toEqual(expected)
    expect(articleEventPayload({ ...base, author: { id: 9 } })).toEqual(expected)
    expect(
      commentEventPayload({ id: 1, article: { id: 3 }, status: 'pending', createdAt: 'x' }),
    ).toEqual({ id: 1, article_id: 3, status: 'pending', created_at: 'x' })
  })
})
