import { describe, expect, it } from 'vitest'

import { articleIncludes, articleSortFields, type ArticleRecord } from './listQuery'

/** An article as the list reads it, with both relations embedded. */
const record: Required<ArticleRecord> = {
  id: 1,
  title: 'Title',
  slug: 'title',
  excerpt: null,
  body: null,
  status: 'published',
  author_id: 2,
  tag_ids: [3],
  cover_id: null,
  published_at: null,
  publish_at: null,
  unpublish_at: null,
  created_at: new Date('2026-01-15T09:30:00Z'),
  updated_at: new Date('2026-01-15T09:30:00Z'),
  review_stage: null,
  assignee_id: null,
  author: { id: 2, name: 'Author' },
  tags: [{ id: 3, name: 'Tag', slug: 'tag' }],
  sort_value: '1',
}

describe('article list query', () => {
  it('sorts by exactly the fields the Articles API documents, id included', () => {
    // docs/api.md, Articles API: `sort` (`id`, `created_at`, `updated_at`, `published_at`, `title`).
    expect([...articleSortFields].sort()).toEqual(
      ['created_at', 'id', 'published_at', 'title', 'updated_at'].sort(),
    )
    expect(new Set(articleSortFields).size).toBe(articleSortFields.length)
  })

  it('sorts only by fields an article carries, under the name the answer shows them', () => {
    for (const field of articleSortFields) expect(Object.keys(record)).toContain(field)
  })

  it('embeds exactly `include=author,tags`, each into the field of that name', () => {
    expect([...articleIncludes].sort()).toEqual(['author', 'tags'])
    for (const include of articleIncludes) expect(record[include]).toBeDefined()
  })
})
