import { describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { articlesSetUp } from '../helpers/articlesSetUp'

const { payload, editor, authorId } = articlesSetUp({
  author: 'Walker',
  articles: { count: 1000, prefix: 'walk', statuses: ['published', 'draft'] },
})

/**
 * Walks every keyset page of `query` while another task keeps inserting articles whose sort
 * values fall among the rows not yet read (and behind the ones already read).
 */
async function walkWhileInserting(query: string) {
  const existing = await payload().db.pool.query<{ id: number }>('SELECT id FROM articles')
  let isWalking = true
  let inserted = 0
  const inserter = (async () => {
    while (isWalking) {
      // Creation times spread over the same span as the existing rows.
      await payload().db.pool.query(
        `WITH inserted AS (
           INSERT INTO articles (slug, _status, author_id, created_at, updated_at)
           SELECT 'inserted-' || gen_random_uuid(), 'published', $1,
                  now() - make_interval(secs => floor(random() * 1000)::integer), now()
           FROM generate_series(1, 3)
           RETURNING id
         )
         INSERT INTO articles_locales (title, _locale, _parent_id)
         SELECT 'Inserted', 'en', id FROM inserted`,
        [authorId()],
      )
      inserted += 3
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
  })()
  const seen: number[] = []
  let after = ''
  try {
    for (let pages = 0; pages < 1000; pages++) {
      const page = await restJson('GET', `/api/v1/articles?${query}&limit=37${after}`, {
        headers: editor(),
      })
      expect(page.status).toBe(200)
      seen.push(...page.body.data.map((article: { id: number }) => article.id))
      if (!page.body.meta.has_more) break
      after = `&after_id=${page.body.meta.next_after_id}`
    }
  } finally {
    isWalking = false
    await inserter
  }
  return { existing: existing.rows.map((row) => row.id), seen, inserted }
}

describe('a keyset walk over 1,000 articles with concurrent inserts', () => {
  it.each(['sort=id&order=asc', 'sort=created_at&order=desc', 'sort=title&order=asc'])(
    'sees each pre-existing article exactly once (%s)',
    async (query) => {
      const { existing, seen, inserted } = await walkWhileInserting(query)
      expect(existing.length).toBeGreaterThanOrEqual(1000)
      expect(inserted).toBeGreaterThan(0)
      const counts = new Map<number, number>()
      for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1)
      expect([...counts.values()].every((count) => count === 1)).toBe(true)
      expect(existing.filter((id) => counts.get(id) !== 1)).toEqual([])
    },
  )
})
