import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { articlesSetUp } from '../helpers/articlesSetUp'
import { insertArticles } from '../helpers/articles'
import { withOtherWriter } from '../helpers/otherWriter'
import { getTestPayload } from '../helpers/payload'

// The `total` of a numbered page filtered by status alone is read from counts kept by triggers
// (src/articles/schema/articleStatusCounts.ts), not counted per request: it must follow every
// change to the articles, through the API or straight in SQL, committed or rolled back. Every
// answer computed (the answer cache off, started so before the set-up): a change in SQL tells the
// cache nothing, and the count is what is under test.
beforeAll(() => getTestPayload({ ANSWER_CACHE: 'off' }))
const { payload, editor, consumer, authorId } = articlesSetUp({
  author: 'Tess Total',
  consumer: true,
  articles: { count: 30, prefix: 'total', statuses: ['published', 'published', 'draft'] },
})

const totalOf = async (query: string, headers: Record<string, string>) => {
  const response = await restJson('GET', `/api/v1/articles${query}`, { headers })
  expect(response.status).toBe(200)
  return response.body.meta.total as number
}

/** What a consumer, an editor and an editor asking for drafts are told, against the rows. */
async function expectTotalsMatchRows() {
  const { rows } = await payload().db.pool.query<{ published: number; draft: number }>(
    `SELECT count(*) FILTER (WHERE _status = 'published')::integer AS published,
            count(*) FILTER (WHERE _status = 'draft')::integer AS draft FROM articles`,
  )
  const { published, draft } = rows[0]!
  expect(await totalOf('', consumer())).toBe(published)
  // A later page and one past the last (no row to carry the total) are told the same.
  expect(await totalOf('?page=2&per_page=7', consumer())).toBe(published)
  expect(await totalOf('?page=999', consumer())).toBe(published)
  expect(await totalOf('?page=999&status=draft', editor())).toBe(draft)
  expect(await totalOf('?status=published', editor())).toBe(published)
  expect(await totalOf('?status=draft', editor())).toBe(draft)
  expect(await totalOf('?status=draft', consumer())).toBe(0)
  expect(await totalOf('', editor())).toBe(published + draft)
  expect(await totalOf(`?author_id=${authorId()}`, consumer())).toBe(
    (
      await payload().db.pool.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM articles WHERE _status = 'published' AND author_id = $1`,
        [authorId()],
      )
    ).rows[0]!.n,
  )
  return { published, draft }
}

describe('the total of a numbered page of articles', () => {
  it('follows creates, publications, unpublications and deletes through the API', async () => {
    const start = await expectTotalsMatchRows()
    expect(start).toEqual({ published: 20, draft: 10 })
    const created = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { title: 'Counted', slug: 'counted', author_id: authorId(), status: 'draft' },
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id as number
    expect(await expectTotalsMatchRows()).toEqual({ published: 20, draft: 11 })
    const published = await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: editor(),
      body: { status: 'published' },
    })
    expect(published.status).toBe(200)
    expect(await expectTotalsMatchRows()).toEqual({ published: 21, draft: 10 })
    // A save that changes no status changes no total.
    const retitled = await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: editor(),
      body: { title: 'Counted again' },
    })
    expect(retitled.status).toBe(200)
    expect(await expectTotalsMatchRows()).toEqual({ published: 21, draft: 10 })
    const unpublished = await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: editor(),
      body: { status: 'draft' },
    })
    expect(unpublished.status).toBe(200)
    expect(await expectTotalsMatchRows()).toEqual({ published: 20, draft: 11 })
    const deleted = await restJson('DELETE', `/api/v1/articles/${id}`, { headers: editor() })
    expect(deleted.status).toBe(204)
    expect(await expectTotalsMatchRows()).toEqual({ published: 20, draft: 10 })
  })

  it('never deadlocks two writers who share a slot and change two statuses in opposite orders', async () => {
    // Two connections whose changes go to the same slot of the counts (pg_backend_pid() % 8),
    // apart from the app's pool.
    const pool = payload().db.pool
    const clients: pg.Client[] = []
    const bySlot = new Map<number, pg.Client>()
    let pair: [pg.Client, pg.Client] | undefined
    while (!pair && clients.length < 9) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await client.connect()
      clients.push(client)
      const { rows } = await client.query<{ slot: number }>('SELECT pg_backend_pid() % 8 AS slot')
      const other = bySlot.get(rows[0]!.slot)
      if (other) pair = [other, client]
      else bySlot.set(rows[0]!.slot, client)
    }
    try {
      const [a, b] = pair!
      const ids = async (status: string) =>
        (
          await pool.query<{ id: number }>(
            `SELECT id FROM articles WHERE _status = $1 AND slug LIKE 'total%' ORDER BY id LIMIT 2`,
            [status],
          )
        ).rows.map((row) => row.id)
      const [published1, published2] = await ids('published')
      const [draft1, draft2] = await ids('draft')
      const remove = (client: pg.Client, id: number | undefined) =>
        client.query('DELETE FROM articles WHERE id = $1', [id])
      const pause = () => new Promise((resolve) => setTimeout(resolve, 300))
      await a.query('BEGIN')
      await b.query('BEGIN')
      // A takes the published count of the slot, B the draft count; then each asks for the
      // other's. Locked per status, that is a deadlock, and PostgreSQL ends one with an error.
      await remove(a, published1)
      const bothOfB = remove(b, draft1).then(async () => {
        await pause()
        await remove(b, published2)
      })
      await pause()
      await remove(a, draft2)
      await a.query('COMMIT')
      await bothOfB
      await b.query('COMMIT')
    } finally {
      await Promise.all(clients.map((client) => client.end()))
    }
    expect(await expectTotalsMatchRows()).toEqual({ published: 18, draft: 8 })
  })

  it('follows changes made in SQL, by writers at once, and not those rolled back', async () => {
    const before = await expectTotalsMatchRows()
    // At once, on several connections of the pool: each adds to its own slot of the counts.
    const pool = payload().db.pool
    await Promise.all(
      [0, 1, 2, 3].map((writer) =>
        insertArticles(pool, {
          count: 5,
          authorId: authorId(),
          prefix: `writer-${writer}`,
          statuses: ['published', 'draft'],
        }),
      ),
    )
    await withOtherWriter(pool, async (other) => {
      await other.query(`UPDATE articles SET _status = 'draft' WHERE slug LIKE 'writer-0-%'`)
      await other.query(`DELETE FROM articles WHERE slug LIKE 'writer-2-%'`)
    })
    const afterInserts = await expectTotalsMatchRows()
    await payload().db.pool.query(
      `UPDATE articles SET _status = 'published' WHERE slug LIKE 'writer-1-%'`,
    )
    expect(await expectTotalsMatchRows()).toEqual({
      published: afterInserts.published + 3,
      draft: afterInserts.draft - 3,
    })
    await payload().db.pool.query(`DELETE FROM articles WHERE slug LIKE 'writer-%'`)
    expect(await expectTotalsMatchRows()).toEqual(before)
    await payload().db.pool.query('TRUNCATE articles CASCADE')
    expect(await expectTotalsMatchRows()).toEqual({ published: 0, draft: 0 })
  })
})
