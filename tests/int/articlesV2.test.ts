import { describe, expect, it } from 'vitest'

import { rest, restJson } from '../helpers/rest'
import { articlesSetUp } from '../helpers/articlesSetUp'

const { payload, editor, consumer, authorId } = articlesSetUp({
  author: 'Vera Version',
  consumer: true,
  articles: { count: 25, prefix: 'v2', statuses: ['published', 'draft'] },
})

const list = (query: string, headers = editor()) =>
  restJson('GET', `/api/v2/articles${query}`, { headers })

describe('GET /api/v2/articles', () => {
  it('pages with an opaque cursor and answers in the v2 media type', async () => {
    const seen: number[] = []
    let cursor = ''
    for (;;) {
      const page = await list(`?limit=10&sort=created_at&order=desc${cursor}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toBe('application/vnd.app.v2+json')
      expect(page.body.meta).toEqual({
        limit: 10,
        has_more: expect.any(Boolean),
        next_cursor: page.body.meta.has_more ? expect.any(String) : null,
      })
      expect(page.body.meta).not.toHaveProperty('next_after_id')
      seen.push(...page.body.data.map((article: { id: number }) => article.id))
      if (!page.body.meta.has_more) break
      cursor = `&cursor=${page.body.meta.next_cursor}`
    }
    expect(seen).toHaveLength(25)
    expect(new Set(seen).size).toBe(25)
  })

  it('keeps walking after the row a cursor points at is deleted', async () => {
    const first = await list('?limit=5&sort=title')
    const lastId = first.body.data.at(-1).id
    await payload().db.pool.query('DELETE FROM articles WHERE id = $1', [lastId])
    const next = await list(`?limit=5&sort=title&cursor=${first.body.meta.next_cursor}`)
    expect(next.status).toBe(200)
    expect(next.body.data).toHaveLength(5)
    const firstIds = first.body.data.map((article: { id: number }) => article.id)
    expect(next.body.data.some((article: { id: number }) => firstIds.includes(article.id))).toBe(
      false,
    )
  })

  it('returns only the requested fields (and id) with a sparse fieldset', async () => {
    const page = await list('?limit=2&fields=title,slug')
    for (const article of page.body.data) {
      expect(Object.keys(article).sort()).toEqual(['id', 'slug', 'title'])
    }
    const withAuthor = await list('?limit=1&fields=title&include=author')
    expect(withAuthor.body.data[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      author: { id: authorId(), name: 'Vera Version' },
    })
    const unknown = await list('?fields=title,secret')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.message).toContain('"secret"')
  })

  it('gives ISO 8601 timestamps and accepts an ISO date-time in created_after', async () => {
    const page = await list('?limit=1&fields=created_at,updated_at,published_at')
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
    expect(page.body.data[0].created_at).toMatch(iso)
    expect(page.body.data[0].updated_at).toMatch(iso)
    const future = await list('?created_after=2999-01-01T00:00:00%2B02:00')
    expect(future.status).toBe(200)
    expect(future.body.data).toEqual([])
    expect((await list('?created_after=soon')).status).toBe(400)
  })

  it('refuses a tampered cursor or one from another order with 400', async () => {
    const first = await list('?limit=2&sort=title')
    const moved = await list(`?limit=2&sort=id&cursor=${first.body.meta.next_cursor}`)
    expect(moved.status).toBe(400)
    expect(moved.body.error.message).toContain('sort=title')
    const forged = await list('?cursor=bm9wZQ')
    expect(forged.status).toBe(400)
    expect(forged.body.error.code).toBe('bad_request')
  })

  it('shows consumers published articles only, like v1', async () => {
    const page = await list('?limit=100&fields=status', consumer())
    expect(page.body.data.length).toBeGreaterThan(0)
    expect(
      page.body.data.every((article: { status: string }) => article.status === 'published'),
    ).toBe(true)
  })

  it('reads one article with fields and answers 304 to its ETag', async () => {
    const [{ id }] = (await list('?limit=1')).body.data
    const response = await rest('GET', `/api/v2/articles/${id}?fields=slug`, { headers: editor() })
    expect(response.status).toBe(200)
    expect(Object.keys((await response.json()).data).sort()).toEqual(['id', 'slug'])
    const again = await rest('GET', `/api/v2/articles/${id}?fields=slug`, {
      headers: { ...editor(), 'if-none-match': response.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it('answers 405 to writes, pointing at v1', async () => {
    const response = await restJson('POST', '/api/v2/articles', {
      headers: editor(),
      body: { title: 'x' },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
    expect(response.body.error).toEqual({
      code: 'method_not_allowed',
      message: expect.stringContaining('/api/v1/articles'),
    })
  })
})
