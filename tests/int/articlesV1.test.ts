import { beforeAll, describe, expect, it } from 'vitest'

import { rest, restJson } from '../helpers/rest'
import { articlesSetUp } from '../helpers/articlesSetUp'

const {
  payload,
  editor,
  customer,
  consumer,
  authorId: authorA,
} = articlesSetUp({ author: 'Ann Author', customer: true, consumer: true })
let authorB: number
let tagNews: number
let tagHowTo: number

/** Articles created through the API: [published by A, draft by B, draft by A, published by B]. */
const ids: number[] = []

beforeAll(async () => {
  authorB = (await payload().create({ collection: 'authors', data: { name: 'Bob Byline' } })).id
  tagNews = (await payload().create({ collection: 'tags', data: { name: 'News', slug: 'news' } }))
    .id
  tagHowTo = (
    await payload().create({ collection: 'tags', data: { name: 'How-to', slug: 'how-to' } })
  ).id
  const fixtures = [
    {
      title: 'Zebra crossing',
      status: 'published',
      author_id: authorA(),
      tag_ids: [tagHowTo, tagNews],
    },
    { title: 'Apple harvest', status: 'draft', author_id: authorB, tag_ids: [] },
    { title: 'Mango season', status: 'draft', author_id: authorA(), tag_ids: [tagNews] },
    { title: 'Apple harvest', status: 'published', author_id: authorB, tag_ids: [tagNews] },
  ]
  for (const [index, fixture] of fixtures.entries()) {
    const created = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { ...fixture, slug: `fixture-${index}`, excerpt: `Excerpt ${index}` },
    })
    expect(created.status).toBe(201)
    ids.push(created.body.data.id)
  }
  // Known creation days, for the date filter and sorting.
  const days = ['2026-01-10', '2026-02-10', '2026-03-10', '2026-03-10']
  for (const [index, id] of ids.entries()) {
    await payload().db.pool.query(
      `UPDATE articles SET created_at = $1::timestamptz + make_interval(secs => $3) WHERE id = $2`,
      [`${days[index]}T12:00:00Z`, id, index],
    )
  }
})

const list = (query: string, headers = editor()) =>
  restJson('GET', `/api/v1/articles${query}`, { headers })

describe('GET /api/v1/articles', () => {
  it('is 401 without credentials and names what was wrong', async () => {
    const missing = await list('', {})
    expect(missing.status).toBe(401)
    expect(missing.body.error).toEqual({ code: 'unauthorized', message: expect.any(String) })
    const invalid = await list('', { 'x-api-key': 'not-a-key' })
    expect(invalid.status).toBe(401)
    expect(invalid.body.error.message).not.toBe(missing.body.error.message)
  })

  it('pages by number with the default size of 20 and the meta of a numbered page', async () => {
    const response = await list('')
    expect(response.status).toBe(200)
    expect(response.body.data.map((article: { id: number }) => article.id)).toEqual(ids)
    expect(response.body.meta).toEqual({ page: 1, per_page: 20, total: 4, total_pages: 1 })
    const second = await list('?per_page=3&page=2')
    expect(second.body.data.map((article: { id: number }) => article.id)).toEqual([ids[3]])
    expect(second.body.meta).toEqual({ page: 2, per_page: 3, total: 4, total_pages: 2 })
  })

  it('shows every field in snake_case with ISO 8601 timestamps', async () => {
    const response = await list('?per_page=1')
    expect(response.body.data[0]).toEqual({
      id: ids[0],
      title: 'Zebra crossing',
      slug: 'fixture-0',
      excerpt: 'Excerpt 0',
      body: null,
      status: 'published',
      author_id: authorA(),
      tag_ids: [tagHowTo, tagNews],
      cover: null,
      published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      publish_at: null,
      unpublish_at: null,
      created_at: '2026-01-10T12:00:00.000Z',
      updated_at: expect.stringMatching(/Z$/),
      // To the people who write content only (editors here).
      review_stage: expect.any(String),
      assignee_id: null,
    })
  })

  it('shows consumers and customers published articles only, editors every status', async () => {
    for (const headers of [consumer(), customer()]) {
      const response = await list('', headers)
      expect(response.body.data.map((article: { id: number }) => article.id)).toEqual([
        ids[0],
        ids[3],
      ])
      expect(response.body.meta.total).toBe(2)
      expect((await list('?status=draft', headers)).body.data).toEqual([])
    }
    expect((await list('?status=draft')).body.data.map((a: { id: number }) => a.id)).toEqual([
      ids[1],
      ids[2],
    ])
  })

  it('filters by status, author and creation date, together', async () => {
    const ofA = await list(`?author_id=${authorA()}`)
    expect(ofA.body.data.map((a: { id: number }) => a.id)).toEqual([ids[0], ids[2]])
    const draftsOfA = await list(`?author_id=${authorA()}&status=draft`)
    expect(draftsOfA.body.data.map((a: { id: number }) => a.id)).toEqual([ids[2]])
    // Created on or after the given day (UTC): the day itself counts.
    const since = await list('?created_after=2026-02-10')
    expect(since.body.data.map((a: { id: number }) => a.id)).toEqual([ids[1], ids[2], ids[3]])
    const sinceMarch = await list('?created_after=2026-03-11')
    expect(sinceMarch.body.data).toEqual([])
  })

  it.each([
    ['status=deleted', 'status'],
    ['author_id=abc', 'author_id'],
    ['author_id=0', 'author_id'],
    ['created_after=2026-02-30', 'created_after'],
    ['created_after=10%2F02%2F2026', 'created_after'],
    ['created_after=2026-02-10T00:00:00Z', 'created_after'],
    ['sort=slug', 'sort'],
    ['order=up', 'order'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['limit=101', 'limit'],
    ['after_id=-3', 'after_id'],
    ['after_id=1&page=2', 'after_id'],
  ])('answers 400 for %s, naming %s', async (query, field) => {
    const response = await list(`?${query}`)
    expect(response.status).toBe(400)
    expect(response.body.error.code).toBe('validation_failed')
    expect(response.body.error.details.map((d: { field: string }) => d.field)).toContain(field)
  })

  it('sorts by a whitelisted field in either order, with id breaking ties', async () => {
    const byTitle = await list('?sort=title&order=asc')
    // Both "Apple harvest" articles come first, the lower id first.
    expect(byTitle.body.data.map((a: { id: number }) => a.id)).toEqual([
      ids[1],
      ids[3],
      ids[2],
      ids[0],
    ])
    const byTitleDesc = await list('?sort=title&order=desc')
    expect(byTitleDesc.body.data.map((a: { id: number }) => a.id)).toEqual([
      ids[0],
      ids[2],
      ids[3],
      ids[1],
    ])
    const newest = await list('?sort=created_at&order=desc')
    expect(newest.body.data.map((a: { id: number }) => a.id)).toEqual([
      ids[3],
      ids[2],
      ids[1],
      ids[0],
    ])
    // Drafts have no publication date and sort as the earliest.
    const published = await list('?sort=published_at&order=asc')
    expect(published.body.data[0].id).toBe(ids[1])
    const updated = await list('?sort=updated_at&order=asc')
    expect(updated.status).toBe(200)
  })

  it('embeds the author and tags on request, and names an unknown relation', async () => {
    const response = await list('?include=author,tags&per_page=1')
    expect(response.body.data[0].author).toEqual({ id: authorA(), name: 'Ann Author' })
    expect(response.body.data[0].tags).toEqual([
      { id: tagHowTo, name: 'How-to', slug: 'how-to' },
      { id: tagNews, name: 'News', slug: 'news' },
    ])
    const plain = await list('?per_page=1')
    expect(plain.body.data[0]).not.toHaveProperty('author')
    expect(plain.body.data[0]).not.toHaveProperty('tags')
    const unknown = await list('?include=author,comments')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.message).toContain('"comments"')
  })

  it('walks keyset pages with after_id and limit', async () => {
    const first = await list('?limit=3')
    expect(first.body.data.map((a: { id: number }) => a.id)).toEqual(ids.slice(0, 3))
    expect(first.body.meta).toEqual({ limit: 3, has_more: true, next_after_id: ids[2] })
    const last = await list(`?limit=3&after_id=${first.body.meta.next_after_id}`)
    expect(last.body.data.map((a: { id: number }) => a.id)).toEqual([ids[3]])
    expect(last.body.meta).toEqual({ limit: 3, has_more: false, next_after_id: null })
    const defaultLimit = await list(`?after_id=${ids[0]}`)
    expect(defaultLimit.body.meta.limit).toBe(20)
    expect(defaultLimit.body.data.map((a: { id: number }) => a.id)).toEqual(ids.slice(1))
  })

  it('walks keyset pages in any sort order', async () => {
    const seen: number[] = []
    let after = ''
    for (;;) {
      const page = await list(`?sort=title&order=desc&limit=1${after}`)
      seen.push(...page.body.data.map((a: { id: number }) => a.id))
      if (!page.body.meta.has_more) break
      after = `&after_id=${page.body.meta.next_after_id}`
    }
    expect(seen).toEqual([ids[0], ids[2], ids[3], ids[1]])
    const missingAnchor = await list('?sort=title&after_id=999999')
    expect(missingAnchor.status).toBe(400)
    expect(missingAnchor.body.error.message).toContain('999999')
  })

  it("answers a consumer's anchor that names a draft exactly as one that names nothing", async () => {
    // Before: 200 for the draft, 400 for the missing id: the answer told outsiders that a draft
    // existed there, and where its title sorted.
    const draftAnchor = await list(`?sort=title&after_id=${ids[1]}`, consumer())
    const missingAnchor = await list('?sort=title&after_id=999999', consumer())
    expect(missingAnchor.status).toBe(400)
    expect(draftAnchor.status).toBe(400)
    expect(draftAnchor.body.error.message).toBe(
      missingAnchor.body.error.message.replace('999999', String(ids[1])),
    )
    // An editor, who may read the draft, still walks from it.
    expect((await list(`?sort=title&after_id=${ids[1]}`)).status).toBe(200)
  })

  it('carries an ETag and answers 304 to If-None-Match until the list changes', async () => {
    const first = await rest('GET', '/api/v1/articles', { headers: editor() })
    const tag = first.headers.get('etag')
    expect(tag).toMatch(/^".+"$/)
    const again = await rest('GET', '/api/v1/articles', {
      headers: { ...editor(), 'if-none-match': tag! },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(tag)

    await restJson('PATCH', `/api/v1/articles/${ids[3]}`, {
      headers: editor(),
      body: { excerpt: 'Changed' },
    })
    const changed = await rest('GET', '/api/v1/articles', {
      headers: { ...editor(), 'if-none-match': tag! },
    })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(tag)
  })
})

describe('GET /api/v1/articles/{id}', () => {
  it('reads one article with its relations, and 404s what is missing or hidden', async () => {
    const response = await restJson('GET', `/api/v1/articles/${ids[0]}?include=author`, {
      headers: consumer(),
    })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({ id: ids[0], author: { name: 'Ann Author' } })
    expect(response.headers.get('etag')).toBeTruthy()

    const draft = `/api/v1/articles/${ids[1]}`
    expect((await restJson('GET', draft, { headers: consumer() })).status).toBe(404)
    expect((await restJson('GET', draft, { headers: customer() })).status).toBe(404)
    expect((await restJson('GET', draft, { headers: editor() })).status).toBe(200)

    for (const id of ['999999', 'abc', '0']) {
      const missing = await restJson('GET', `/api/v1/articles/${id}`, { headers: editor() })
      expect(missing.status).toBe(404)
      expect(missing.body.error.code).toBe('not_found')
    }
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await rest('GET', `/api/v1/articles/${ids[0]}`, { headers: consumer() })
    const again = await rest('GET', `/api/v1/articles/${ids[0]}`, {
      headers: { ...consumer(), 'if-none-match': first.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })
})

describe('writing articles', () => {
  let serial = 0
  const valid = () => ({ title: 'Fresh', slug: `fresh-${++serial}`, author_id: authorA() })

  it('creates with 201, a Location header and the stored article', async () => {
    const response = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { ...valid(), tag_ids: [tagNews], status: 'published' },
    })
    expect(response.status).toBe(201)
    const { data } = response.body
    expect(response.headers.get('location')).toBe(`/api/v1/articles/${data.id}`)
    expect(data).toMatchObject({ title: 'Fresh', status: 'published', tag_ids: [tagNews] })
    // Published without a date: dated now.
    expect(Date.now() - Date.parse(data.published_at)).toBeLessThan(60_000)
    const read = await restJson('GET', response.headers.get('location')!, { headers: consumer() })
    // The consumer's read is the editor's without the review stage and assignee.
    const { review_stage: stage, assignee_id: assignee, ...forEveryone } = data
    expect({ stage, assignee }).toEqual({ stage: expect.any(String), assignee: null })
    expect(read.body.data).toEqual(forEveryone)
  })

  it('defaults a new article to a draft', async () => {
    const response = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: valid(),
    })
    expect(response.body.data).toMatchObject({ status: 'draft', published_at: null, tag_ids: [] })
  })

  it('refuses writes from customers and consumers with 403, and anonymous ones with 401', async () => {
    for (const headers of [customer(), consumer()]) {
      const response = await restJson('POST', '/api/v1/articles', { headers, body: valid() })
      expect(response.status).toBe(403)
      expect(response.body.error.code).toBe('forbidden')
      const patch = await restJson('PATCH', `/api/v1/articles/${ids[0]}`, {
        headers,
        body: { title: 'Hijacked' },
      })
      expect(patch.status).toBe(403)
      expect((await restJson('DELETE', `/api/v1/articles/${ids[0]}`, { headers })).status).toBe(403)
    }
    expect((await restJson('POST', '/api/v1/articles', { body: valid() })).status).toBe(401)
    const unchanged = await payload().findByID({ collection: 'articles', id: ids[0]! })
    expect(unchanged.title).toBe('Zebra crossing')
  })

  it('answers 400 with the offending fields for invalid bodies', async () => {
    const cases: [unknown, string][] = [
      [{ ...valid(), title: undefined }, 'title'],
      [{ ...valid(), slug: 'Not A Slug' }, 'slug'],
      [{ ...valid(), status: 'deleted' }, 'status'],
      [{ ...valid(), author_id: 'one' }, 'author_id'],
      [{ ...valid(), tag_ids: [0] }, 'tag_ids.0'],
      [{ ...valid(), published_at: 'yesterday' }, 'published_at'],
      [{ ...valid(), body: '<p>html</p>' }, 'body'],
      [{ ...valid(), titel: 'Typo' }, '(body)'],
    ]
    for (const [body, field] of cases) {
      const response = await restJson('POST', '/api/v1/articles', { headers: editor(), body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error.details.map((d: { field: string }) => d.field)).toContain(field)
    }
    const malformed = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      rawBody: '{"title": ',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.code).toBe('bad_request')
  })

  it('answers 409 for a duplicate slug and 422 for a missing author or tag, storing nothing', async () => {
    const before = (await payload().count({ collection: 'articles' })).totalDocs
    const duplicate = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { ...valid(), slug: 'fixture-0' },
    })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.error.code).toBe('conflict')
    const noAuthor = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { ...valid(), author_id: 999999 },
    })
    expect(noAuthor.status).toBe(422)
    expect(noAuthor.body.error.code).toBe('unprocessable_entity')
    const noTag = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { ...valid(), tag_ids: [tagNews, 999999] },
    })
    expect(noTag.status).toBe(422)
    expect((await payload().count({ collection: 'articles' })).totalDocs).toBe(before)
    const patchDuplicate = await restJson('PATCH', `/api/v1/articles/${ids[3]}`, {
      headers: editor(),
      body: { slug: 'fixture-0' },
    })
    expect(patchDuplicate.status).toBe(409)
  })

  it('replaces with PUT (missing optional fields cleared) and merges with PATCH', async () => {
    const created = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { ...valid(), excerpt: 'Keep?', tag_ids: [tagNews] },
    })
    const path = `/api/v1/articles/${created.body.data.id}`

    const patched = await restJson('PATCH', path, { headers: editor(), body: { title: 'Patched' } })
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({
      title: 'Patched',
      excerpt: 'Keep?',
      tag_ids: [tagNews],
    })

    const incomplete = await restJson('PUT', path, {
      headers: editor(),
      body: { title: 'Put', slug: created.body.data.slug, author_id: authorB },
    })
    expect(incomplete.status).toBe(400)
    expect(incomplete.body.error.details).toEqual([
      { field: 'status', message: expect.any(String) },
    ])

    // The read representation may be sent back: read-only fields are ignored.
    const replaced = await restJson('PUT', path, {
      headers: editor(),
      body: { ...patched.body.data, excerpt: undefined, tag_ids: undefined, author_id: authorB },
    })
    expect(replaced.status).toBe(200)
    expect(replaced.body.data).toMatchObject({
      title: 'Patched',
      excerpt: null,
      tag_ids: [],
      author_id: authorB,
    })
    const missing = await restJson('PUT', '/api/v1/articles/999999', {
      headers: editor(),
      body: { title: 'x', slug: 'nowhere', status: 'draft', author_id: authorA() },
    })
    expect(missing.status).toBe(404)
    expect(
      (await restJson('PATCH', '/api/v1/articles/999999', { headers: editor(), body: {} })).status,
    ).toBe(404)
  })

  it('deletes with 204 and no body, taking the comments along', async () => {
    const created = await restJson('POST', '/api/v1/articles', { headers: editor(), body: valid() })
    const id = created.body.data.id
    await payload().create({
      collection: 'comments',
      data: { article: id, authorName: 'Reader', body: 'Nice', status: 'approved' },
    })
    const response = await rest('DELETE', `/api/v1/articles/${id}`, { headers: editor() })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect((await restJson('GET', `/api/v1/articles/${id}`, { headers: editor() })).status).toBe(
      404,
    )
    expect((await rest('DELETE', `/api/v1/articles/${id}`, { headers: editor() })).status).toBe(404)
    const comments = await payload().count({
      collection: 'comments',
      where: { article: { equals: id } },
    })
    expect(comments.totalDocs).toBe(0)
  })
})

describe('GET /api/v1/articles/{id}/comments', () => {
  beforeAll(async () => {
    for (const [index, status] of (['approved', 'pending', 'approved'] as const).entries()) {
      await payload().create({
        collection: 'comments',
        data: { article: ids[0]!, authorName: `Reader ${index}`, body: `Comment ${index}`, status },
      })
    }
    await payload().create({
      collection: 'comments',
      data: { article: ids[1]!, authorName: 'Early', body: 'On a draft', status: 'approved' },
    })
  })

  it('shows approved comments to readers, every comment to editors, oldest first, paged', async () => {
    const forReader = await restJson('GET', `/api/v1/articles/${ids[0]}/comments`, {
      headers: consumer(),
    })
    expect(forReader.status).toBe(200)
    expect(forReader.body.data.map((c: { body: string }) => c.body)).toEqual([
      'Comment 0',
      'Comment 2',
    ])
    expect(forReader.body.data[0]).toEqual({
      id: expect.any(Number),
      article_id: ids[0],
      author_name: 'Reader 0',
      body: 'Comment 0',
      status: 'approved',
      created_at: expect.stringMatching(/Z$/),
    })
    expect(forReader.body.meta).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 })
    const forEditor = await restJson(
      'GET',
      `/api/v1/articles/${ids[0]}/comments?per_page=2&page=2`,
      {
        headers: editor(),
      },
    )
    expect(forEditor.body.data.map((c: { body: string }) => c.body)).toEqual(['Comment 2'])
    expect(forEditor.body.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 })
  })

  it('404s the comments of a hidden or missing article and 400s bad paging', async () => {
    const ofDraft = await restJson('GET', `/api/v1/articles/${ids[1]}/comments`, {
      headers: customer(),
    })
    expect(ofDraft.status).toBe(404)
    const missing = await restJson('GET', '/api/v1/articles/999999/comments', { headers: editor() })
    expect(missing.status).toBe(404)
    const badPage = await restJson('GET', `/api/v1/articles/${ids[0]}/comments?per_page=500`, {
      headers: editor(),
    })
    expect(badPage.status).toBe(400)
  })

  it('keeps Payload REST readers to approved comments of published articles', async () => {
    const response = await restJson('GET', '/api/comments?limit=100', { headers: consumer() })
    expect(response.status).toBe(200)
    const bodies = response.body.docs.map((c: { body: string }) => c.body)
    expect(bodies).toContain('Comment 0')
    expect(bodies).not.toContain('Comment 1')
    expect(bodies).not.toContain('On a draft')
  })
})
