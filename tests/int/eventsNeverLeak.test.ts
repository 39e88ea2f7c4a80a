import { describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { createProduct } from '../helpers/shop'
import { articlesSetUp } from '../helpers/articlesSetUp'

/*
 * Issue 32, finding 6: an event never carries what its recipient could not read through the API
 * at that moment. Each test does what an editor does and looks at what a subscribed consumer
 * would receive (the outbox: no worker runs here, so every event waits there), then reads, with
 * the same consumer's API key and before anything else happens, what each event told it about.
 */

const { payload, editor, consumer, authorId } = articlesSetUp({ author: 'Unseen', consumer: true })

type Emitted = { type: string; data: Record<string, unknown> }

/** The business events `action` emitted, in the order they were emitted. */
async function emittedBy(action: () => Promise<unknown>): Promise<Emitted[]> {
  const last = 'SELECT coalesce(max(seq), 0)::bigint AS seq FROM webhook_outbox'
  const before = (await payload().db.pool.query<{ seq: string }>(last)).rows[0]!.seq
  await action()
  const { rows } = await payload().db.pool.query<Emitted>(
    'SELECT type, data FROM webhook_outbox WHERE seq > $1 ORDER BY seq',
    [before],
  )
  return rows
}

/** What an event about a withdrawn article or product may still say: which one it was. */
const identityOnly = {
  article: ['id', 'locale', 'locales', 'removed_at', 'slug'],
  product: ['active', 'id', 'locale', 'locales', 'slug'],
}

/**
 * The rule, checked for every event just emitted, as the consumer would check it on receipt: an
 * event that describes something is about something the consumer reads through the API, as
 * described; an event that withdraws something carries only what names it.
 */
async function expectConsumerReadsWhatItHeard(events: Emitted[]) {
  for (const { type, data } of events) {
    const [resource] = type.split('.')
    if (resource === 'article') {
      const read = await restJson('GET', `/api/v1/articles/${data.id}`, { headers: consumer() })
      if (type === 'article.unpublished' || type === 'article.deleted') {
        expect(Object.keys(data).sort(), type).toEqual(identityOnly.article)
        expect(read.status, type).toBe(404)
        continue
      }
      expect(read.status, type).toBe(200)
      const cover = data.cover as { id: number } | null
      expect(read.body.data, type).toMatchObject({
        id: data.id,
        title: data.title,
        slug: data.slug,
        status: 'published',
        cover: cover && expect.objectContaining({ id: cover.id }),
      })
    } else if (resource === 'comment') {
      const read = await restJson('GET', `/api/v1/articles/${data.article_id}/comments`, {
        headers: consumer(),
      })
      expect(read.status, type).toBe(200)
      expect(
        read.body.data.map((comment: { id: number }) => comment.id),
        type,
      ).toContain(data.id)
    } else if (resource === 'product') {
      const read = await restJson('GET', `/api/products/${data.id}?depth=0`, {
        headers: consumer(),
      })
      if (data.active === false) {
        expect(Object.keys(data).sort(), type).toEqual(identityOnly.product)
        expect(read.status, type).toBe(404)
        continue
      }
      expect(read.status, type).toBe(200)
      expect(read.body, type).toMatchObject({ id: data.id, name: data.name, price: data.price })
    }
  }
}

/** `action`'s events, after checking the rule on them. */
async function heardAfter(action: () => Promise<unknown>) {
  const events = await emittedBy(action)
  await expectConsumerReadsWhatItHeard(events)
  return events
}

const typesOf = (events: Emitted[]) => events.map((event) => event.type)

async function writeArticle(method: 'POST' | 'PATCH', path: string, body: object) {
  const written = await restJson(method, path, { headers: editor(), body })
  expect(written.status, JSON.stringify(written.body)).toBeLessThan(300)
  return written.body.data as { id: number; slug: string } & Record<string, unknown>
}

const createArticle = (body: object, query = '') =>
  writeArticle('POST', `/api/v1/articles${query}`, { author_id: authorId(), ...body })

const patchArticle = (id: number, body: object, query = '') =>
  writeArticle('PATCH', `/api/v1/articles/${id}${query}`, body)

/** A never-published article, created as a draft. */
async function draftArticle(slug: string) {
  return createArticle({ title: `Secret ${slug}`, slug, status: 'draft' })
}

describe('article events', () => {
  it('say nothing of an article created as a draft, however it is created', async () => {
    const ids: number[] = []
    const events = await heardAfter(async () => {
      // The v1 API with status draft (no draft mode), and with ?draft=true.
      ids.push((await draftArticle('draft-by-status')).id)
      ids.push((await createArticle({ title: 'Secret too', slug: 'draft-mode' }, '?draft=true')).id)
      // Payload's REST API in draft mode, and the Local API both ways.
      const rest = await restJson('POST', '/api/articles?draft=true', {
        headers: editor(),
        body: { title: 'Secret REST', author: authorId() },
      })
      expect(rest.status, JSON.stringify(rest.body)).toBe(201)
      ids.push(rest.body.doc.id)
      const data = { title: 'Secret local', author: authorId(), _status: 'draft' as const }
      const inDraftMode = { ...data, slug: 'secret-draft-mode' }
      ids.push(
        (await payload().create({ collection: 'articles', data: inDraftMode, draft: true })).id,
      )
      const byStatus = { ...data, slug: 'secret-by-status' }
      ids.push((await payload().create({ collection: 'articles', data: byStatus })).id)
    })
    expect(events).toEqual([])
    for (const id of ids) {
      expect(
        (await restJson('GET', `/api/v1/articles/${id}`, { headers: consumer() })).status,
      ).toBe(404)
    }
  })

  it('say nothing of saves of a never-published article, in draft mode or not', async () => {
    const { id } = await draftArticle('saved-unpublished')
    const events = await heardAfter(async () => {
      await patchArticle(id, { title: 'Secret, renamed' })
      await patchArticle(id, { title: 'Secret, as a draft' }, '?draft=true')
      await payload().update({ collection: 'articles', id, data: { title: 'Secret, locally' } })
    })
    expect(events).toEqual([])
  })

  it('announce the first publication as article.created and article.published, with the article', async () => {
    const { id } = await draftArticle('first-publication')
    await patchArticle(id, { title: 'Out now' }, '?draft=true')
    const events = await heardAfter(() => patchArticle(id, { status: 'published' }))
    expect(typesOf(events)).toEqual(['article.created', 'article.published'])
    const read = await restJson('GET', `/api/v1/articles/${id}`, { headers: consumer() })
    for (const event of events) {
      expect(event.data).toEqual({
        id,
        title: 'Out now',
        slug: 'first-publication',
        status: 'published',
        author_id: authorId(),
        cover: null,
        published_at: read.body.data.published_at,
        created_at: read.body.data.created_at,
        updated_at: read.body.data.updated_at,
        locale: 'en',
        locales: ['en'],
      })
    }
  })

  it('announce an article created published as article.created and article.published', async () => {
    let id = 0
    const events = await heardAfter(async () => {
      id = (
        await createArticle({ title: 'Straight out', slug: 'straight-out', status: 'published' })
      ).id
    })
    expect(typesOf(events)).toEqual(['article.created', 'article.published'])
    expect(events[0]!.data).toMatchObject({ id, title: 'Straight out', status: 'published' })
  })

  it('announce a save of a published article as article.updated and article.published', async () => {
    const { id } = await createArticle({ title: 'Live', slug: 'live', status: 'published' })
    const events = await heardAfter(() => patchArticle(id, { title: 'Live, corrected' }))
    expect(typesOf(events)).toEqual(['article.updated', 'article.published'])
    expect(events[0]!.data).toMatchObject({ id, title: 'Live, corrected' })
    // A draft beside it tells nothing until it is published.
    expect(await heardAfter(() => patchArticle(id, { title: 'Next' }, '?draft=true'))).toEqual([])
  })

  it('withdraw an unpublished article by id and published slug only, whatever the save changed', async () => {
    const { id } = await createArticle({
      title: 'Soon gone',
      slug: 'soon-gone',
      status: 'published',
    })
    const events = await heardAfter(() =>
      patchArticle(id, { status: 'draft', title: 'Secret rewrite', slug: 'secret-rewrite' }),
    )
    expect(typesOf(events)).toEqual(['article.unpublished'])
    expect(events[0]!.data).toEqual({
      id,
      slug: 'soon-gone',
      removed_at: expect.any(String),
      locale: 'en',
      locales: ['en'],
    })
    expect(JSON.stringify(events)).not.toMatch(/Secret|secret/)
  })

  it('say nothing while an article is unpublished, and announce its publication again', async () => {
    const { id } = await createArticle({ title: 'Back', slug: 'back', status: 'published' })
    await patchArticle(id, { status: 'draft' })
    const quiet = await heardAfter(async () => {
      await patchArticle(id, { title: 'Secret while away' })
      await patchArticle(id, { title: 'Secret draft while away' }, '?draft=true')
    })
    expect(quiet).toEqual([])
    const events = await heardAfter(() =>
      patchArticle(id, { title: 'Back again', status: 'published' }),
    )
    expect(typesOf(events)).toEqual(['article.created', 'article.published'])
    expect(events[0]!.data).toMatchObject({ id, title: 'Back again', status: 'published' })
  })

  it('announce the deletion of a published article only, by id and slug', async () => {
    const never = await draftArticle('never-published')
    const unpublished = await createArticle({
      title: 'Was out',
      slug: 'was-out',
      status: 'published',
    })
    await patchArticle(unpublished.id, { status: 'draft' })
    const quiet = await heardAfter(async () => {
      for (const { id } of [never, unpublished]) {
        const deleted = await restJson('DELETE', `/api/v1/articles/${id}`, { headers: editor() })
        expect(deleted.status).toBe(204)
      }
    })
    expect(quiet).toEqual([])

    const { id } = await createArticle({
      title: 'Out, then gone',
      slug: 'out-gone',
      status: 'published',
    })
    const events = await heardAfter(() =>
      restJson('DELETE', `/api/v1/articles/${id}`, { headers: editor() }),
    )
    expect(events).toEqual([
      {
        type: 'article.deleted',
        data: {
          id,
          slug: 'out-gone',
          removed_at: expect.any(String),
          locale: 'en',
          locales: ['en'],
        },
      },
    ])
  })

  it('announce each article of a publication by where (the admin panel publishing a selection)', async () => {
    const never = await draftArticle('selected-never')
    const away = await createArticle({
      title: 'Selected',
      slug: 'selected-away',
      status: 'published',
    })
    await patchArticle(away.id, { status: 'draft' })
    const live = await createArticle({
      title: 'Selected live',
      slug: 'selected-live',
      status: 'published',
    })
    const ids = [never.id, away.id, live.id]
    const published = await heardAfter(() =>
      payload().update({
        collection: 'articles',
        where: { id: { in: ids } },
        data: { _status: 'published' },
      }),
    )
    expect(published.map((event) => [event.data.id, event.type]).sort()).toEqual(
      [
        [never.id, 'article.created'],
        [never.id, 'article.published'],
        [away.id, 'article.created'],
        [away.id, 'article.published'],
        [live.id, 'article.updated'],
        [live.id, 'article.published'],
      ].sort(),
    )
    const unpublished = await heardAfter(() =>
      payload().update({
        collection: 'articles',
        where: { id: { in: [never.id, live.id] } },
        data: { _status: 'draft' },
      }),
    )
    expect(unpublished.map((event) => [event.data.id, event.type]).sort()).toEqual(
      [
        [never.id, 'article.unpublished'],
        [live.id, 'article.unpublished'],
      ].sort(),
    )
  })
})

describe('comment events', () => {
  it('say nothing of a comment a consumer cannot read: pending, or on a draft article', async () => {
    const draft = await draftArticle('discussed-in-secret')
    const published = await createArticle({
      title: 'Discussed',
      slug: 'discussed-openly',
      status: 'published',
    })
    const events = await heardAfter(async () => {
      await payload().create({
        collection: 'comments',
        data: {
          article: draft.id,
          authorName: 'Early',
          body: 'Secret opinion',
          status: 'approved',
        },
      })
      await payload().create({
        collection: 'comments',
        data: { article: published.id, authorName: 'Reader', body: 'Pending', status: 'pending' },
      })
    })
    expect(events).toEqual([])
  })

  it('announce a comment when it becomes readable: posted approved, or approved later', async () => {
    const { id: articleId } = await createArticle({
      title: 'Open thread',
      slug: 'open-thread',
      status: 'published',
    })
    let approvedId = 0
    const posted = await heardAfter(async () => {
      approvedId = (
        await payload().create({
          collection: 'comments',
          data: { article: articleId, authorName: 'Editor', body: 'Welcome', status: 'approved' },
        })
      ).id
    })
    expect(posted).toEqual([
      {
        type: 'comment.created',
        data: {
          id: approvedId,
          article_id: articleId,
          status: 'approved',
          created_at: expect.any(String),
        },
      },
    ])

    const pending = await payload().create({
      collection: 'comments',
      data: { article: articleId, authorName: 'Reader', body: 'Hello', status: 'pending' },
    })
    const approved = await heardAfter(() =>
      restJson('PATCH', `/api/comments/${pending.id}`, {
        headers: editor(),
        body: { status: 'approved' },
      }),
    )
    expect(approved.map((event) => [event.type, event.data.id])).toEqual([
      ['comment.created', pending.id],
    ])
    // An edit of a comment already announced announces nothing more.
    expect(
      await heardAfter(() =>
        payload().update({ collection: 'comments', id: pending.id, data: { body: 'Hello!' } }),
      ),
    ).toEqual([])
  })
})

describe('product events', () => {
  it('say nothing of an inactive product: created, edited or its stock adjusted', async () => {
    let id = 0
    const events = await heardAfter(async () => {
      const created = await restJson('POST', '/api/products', {
        headers: editor(),
        body: { name: 'Secret lamp', price: 99, stock: 3, active: false },
      })
      expect(created.status).toBe(201)
      id = created.body.doc.id
      await restJson('PATCH', `/api/products/${id}`, { headers: editor(), body: { price: 120 } })
      await restJson('POST', '/api/stock-adjustments', {
        headers: editor(),
        body: { product: id, delta: 2, reason: 'Delivery' },
      })
    })
    expect(events).toEqual([])
    expect((await restJson('GET', `/api/products/${id}`, { headers: consumer() })).status).toBe(404)
  })

  it('announce a product when it becomes active, and withdraw it by id and slug when it stops', async () => {
    const product = await createProduct(payload(), {
      name: 'Secret chair',
      price: 40,
      active: false,
    })
    const activated = await heardAfter(() =>
      restJson('PATCH', `/api/products/${product.id}`, {
        headers: editor(),
        body: { active: true, name: 'Chair' },
      }),
    )
    expect(typesOf(activated)).toEqual(['product.created'])
    expect(activated[0]!.data).toEqual({
      id: product.id,
      name: 'Chair',
      slug: product.slug,
      price: 40,
      stock: product.stock,
      active: true,
      images: [],
      locale: 'en',
      locales: ['en'],
    })

    const edited = await heardAfter(() =>
      restJson('PATCH', `/api/products/${product.id}`, { headers: editor(), body: { price: 45 } }),
    )
    expect(edited.map((event) => [event.type, event.data.price])).toEqual([['product.updated', 45]])

    const deactivated = await heardAfter(() =>
      restJson('PATCH', `/api/products/${product.id}`, {
        headers: editor(),
        body: { active: false, name: 'Secret stool' },
      }),
    )
    expect(deactivated).toEqual([
      {
        type: 'product.updated',
        data: { id: product.id, slug: product.slug, active: false, locale: 'en', locales: ['en'] },
      },
    ])
  })
})
