import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { createAuthor } from '../helpers/articles'
import { signedInAs } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { runDueJobs } from '../../src/lifecycle/operations/startJobRunner'
import { createProduct } from '../helpers/shop'

// Releases: documents published and unpublished together, all or nothing, now or at a time
// (the jobs queue), with their webhook events after the commit, once per document, in order.
// Articles need review here (published from Approved only), as a deployment has it.

let payload: Payload
let editor: Record<string, string>
let writerId: number

beforeAll(async () => {
  payload = await getTestPayload({ REVIEW_REQUIRED_FOR: 'articles' })
  editor = await signedInAs(payload, 'editor')
  writerId = await createAuthor(payload, 'Release writer')
})

let serial = 0
async function article(stage: 'draft' | 'approved') {
  serial += 1
  return payload.create({
    collection: 'articles',
    draft: true,
    data: {
      title: `Release article ${serial}`,
      slug: `release-article-${serial}`,
      author: writerId,
      _status: 'draft',
      reviewStage: stage,
    },
  })
}

async function page() {
  serial += 1
  return payload.create({
    collection: 'pages',
    draft: true,
    data: { title: `Release page ${serial}`, slug: `release-page-${serial}`, _status: 'draft' },
  })
}

type Item = { relationTo: 'articles' | 'pages' | 'products'; value: number; locale?: string }

async function release(items: Item[], releaseAt?: string) {
  const created = await restJson('POST', '/api/releases', {
    headers: editor,
    body: {
      name: `Release ${serial}`,
      ...(releaseAt ? { releaseAt } : {}),
      items: items.map((item) => ({
        document: { relationTo: item.relationTo, value: item.value },
        action: 'publish',
        locale: item.locale ?? 'all',
      })),
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc.id as number
}

/** The `article.published` events in the outbox (no worker runs here), oldest first. */
async function publishedEvents(ids: number[]) {
  const { rows } = await payload.db.pool.query<{ id: string }>(
    `SELECT data->>'id' AS id FROM webhook_outbox
     WHERE type = 'article.published' AND data->>'id' = ANY($1) ORDER BY seq`,
    [ids.map(String)],
  )
  return rows.map((row) => Number(row.id))
}

const statusOf = async (collection: 'articles' | 'pages', id: number) =>
  (await payload.findByID({ collection, id, depth: 0 }))._status

describe('a release', () => {
  it('publishes every document, in its order, with one event per article after the commit', async () => {
    const first = await article('approved')
    const second = await article('approved')
    const shown = await page()
    const product = await createProduct(payload, { active: false })
    // Published in Russian only: its Russian text is written.
    await payload.update({
      collection: 'articles',
      id: second.id,
      locale: 'ru',
      draft: true,
      data: { title: 'Статья для выпуска', reviewStage: 'approved' },
    })
    const id = await release([
      { relationTo: 'articles', value: second.id, locale: 'ru' },
      { relationTo: 'pages', value: shown.id },
      { relationTo: 'articles', value: first.id },
      { relationTo: 'products', value: product.id },
    ])
    const answer = await restJson('POST', `/api/releases/${id}/release`, { headers: editor })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ status: 'released', result: '4 documents released.' })
    expect(await statusOf('articles', first.id)).toBe('published')
    expect(await statusOf('articles', second.id)).toBe('published')
    expect(await statusOf('pages', shown.id)).toBe('published')
    expect((await payload.findByID({ collection: 'products', id: product.id })).active).toBe(true)
    expect(await publishedEvents([first.id, second.id])).toEqual([second.id, first.id])
    const again = await restJson('POST', `/api/releases/${id}/release`, { headers: editor })
    expect(again.status).toBe(404)
    expect(await publishedEvents([first.id, second.id])).toEqual([second.id, first.id])
  })

  it('publishes none when one document fails, names it, and sends no event', async () => {
    const ready = await article('approved')
    const shown = await page()
    const notReviewed = await article('draft')
    const id = await release([
      { relationTo: 'articles', value: ready.id },
      { relationTo: 'pages', value: shown.id },
      { relationTo: 'articles', value: notReviewed.id },
    ])
    const answer = await restJson('POST', `/api/releases/${id}/release`, { headers: editor })
    expect(answer.status).toBe(409)
    const named = `articles ${notReviewed.id} ("${notReviewed.title}")`
    expect(JSON.stringify(answer.body)).toContain(named.replace(/"/g, '\\"'))
    expect(JSON.stringify(answer.body)).toContain('Approved')
    expect(await statusOf('articles', ready.id)).toBe('draft')
    expect(await statusOf('pages', shown.id)).toBe('draft')
    expect(await publishedEvents([ready.id, notReviewed.id])).toEqual([])
    const stored = await payload.findByID({ collection: 'releases', id })
    expect(stored).toMatchObject({ status: 'failed' })
    expect(stored.result).toContain(named)
  })

  it('publishes none when one document would not pass validation, and names it and the field', async () => {
    const ready = await article('approved')
    const incomplete = await article('approved')
    // Its author gone since it was saved (as a row left without one by a removed author): the
    // draft no longer has what publication requires.
    await payload.db.pool.query(`UPDATE articles SET author_id = NULL WHERE id = $1`, [
      incomplete.id,
    ])
    await payload.db.pool.query(
      `UPDATE _articles_v SET version_author_id = NULL WHERE parent_id = $1`,
      [incomplete.id],
    )
    const id = await release([
      { relationTo: 'articles', value: ready.id },
      { relationTo: 'articles', value: incomplete.id },
    ])
    const answer = await restJson('POST', `/api/releases/${id}/release`, { headers: editor })
    expect(answer.status).toBe(409)
    const text = JSON.stringify(answer.body)
    expect(text).toContain(`articles ${incomplete.id}`)
    expect(text).toMatch(/author/i)
    expect(text).not.toMatch(/insert into|params:/i)
    expect(await statusOf('articles', ready.id)).toBe('draft')
    expect(await publishedEvents([ready.id, incomplete.id])).toEqual([])
    const stored = await payload.findByID({ collection: 'releases', id })
    expect(stored).toMatchObject({ status: 'failed' })
    expect(stored.result).toMatch(/author/i)
  })

  it('released at its time by two runners at once goes out once', async () => {
    const doc = await article('approved')
    const shown = await page()
    const at = new Date(Date.now() + 1500).toISOString()
    const id = await release(
      [
        { relationTo: 'articles', value: doc.id },
        { relationTo: 'pages', value: shown.id },
      ],
      at,
    )
    expect(await payload.count({ collection: 'payload-jobs' })).toMatchObject({ totalDocs: 1 })
    // Not yet due: nothing happens.
    await runDueJobs(payload)
    expect(await statusOf('articles', doc.id)).toBe('draft')
    while (Date.now() < Date.parse(at)) await new Promise((resolve) => setTimeout(resolve, 100))
    // Two runners at once, as two app servers run the queue (src/lifecycle: each run holds the
    // queue's advisory lock; Payload's own claim is not atomic, and two bare jobs.run at once
    // made Payload's runner throw on the job the other had finished).
    const runs = await Promise.all([runDueJobs(payload), runDueJobs(payload)])
    expect(runs.filter((run) => run.ran && run.jobs > 0)).toHaveLength(1)
    expect(await payload.findByID({ collection: 'releases', id })).toMatchObject({
      status: 'released',
    })
    expect(await statusOf('articles', doc.id)).toBe('published')
    expect(await statusOf('pages', shown.id)).toBe('published')
    expect(await publishedEvents([doc.id])).toEqual([doc.id])
  })
})
