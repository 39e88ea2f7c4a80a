import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { createAuthor } from '../helpers/articles'
import { signedInAs } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

// Authors write drafts and submit them; they never publish, unpublish, schedule or delete what
// is published, whatever route they take (Payload's REST, the article API, the admin's
// scheduling). The access matrix holds the author's row for every collection.

let payload: Payload
let author: Record<string, string>
let editor: Record<string, string>
let writerId: number

beforeAll(async () => {
  payload = await getTestPayload()
  author = await signedInAs(payload, 'author')
  editor = await signedInAs(payload, 'editor')
  writerId = await createAuthor(payload, 'Staff writer')
})

const published = async (collection: 'articles' | 'pages', id: number) =>
  (await payload.findByID({ collection, id, depth: 0 }))._status

describe('an author', () => {
  it('creates and edits a draft, and is refused its publication with 403', async () => {
    const draft = await restJson('POST', '/api/articles?draft=true', {
      headers: author,
      body: { title: 'Harbour notes', slug: 'harbour-notes', author: writerId, _status: 'draft' },
    })
    expect(draft.status, JSON.stringify(draft.body)).toBe(201)
    const id = draft.body.doc.id as number
    const edited = await restJson('PATCH', `/api/articles/${id}?draft=true`, {
      headers: author,
      body: { title: 'Harbour notes, revised' },
    })
    expect(edited.status).toBe(200)

    const publish = await restJson('PATCH', `/api/articles/${id}`, {
      headers: author,
      body: { _status: 'published' },
    })
    expect(publish.status).toBe(403)
    const publishDraft = await restJson('PATCH', `/api/articles/${id}?draft=true`, {
      headers: author,
      body: { _status: 'published' },
    })
    expect(publishDraft.status).toBe(403)
    const createPublished = await restJson('POST', '/api/pages', {
      headers: author,
      body: { title: 'Out at once', slug: 'out-at-once', _status: 'published' },
    })
    expect(createPublished.status).toBe(403)
    expect(await published('articles', id)).toBe('draft')
    // The article API's writes are the editors'.
    const viaV1 = await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: author,
      body: { status: 'published' },
    })
    expect(viaV1.status).toBe(403)
    expect(await published('articles', id)).toBe('draft')
  })

  it('neither unpublishes, overwrites nor deletes published content; drafts of it are fine', async () => {
    const page = await payload.create({
      collection: 'pages',
      data: { title: 'Delivery', slug: 'delivery', _status: 'published' },
    })
    const unpublish = await restJson('PATCH', `/api/pages/${page.id}`, {
      headers: author,
      body: { _status: 'draft' },
    })
    expect(unpublish.status).toBe(403)
    const overwrite = await restJson('PATCH', `/api/pages/${page.id}`, {
      headers: author,
      body: { title: 'Delivery (changed live)' },
    })
    expect(overwrite.status).toBe(403)
    const remove = await restJson('DELETE', `/api/pages/${page.id}`, { headers: author })
    expect([403, 404]).toContain(remove.status)

    const nextDraft = await restJson('PATCH', `/api/pages/${page.id}?draft=true`, {
      headers: author,
      body: { title: 'Delivery, next version' },
    })
    expect(nextDraft.status).toBe(200)
    const live = await payload.findByID({ collection: 'pages', id: page.id })
    expect(live).toMatchObject({ title: 'Delivery', _status: 'published' })

    // An editor publishes what the author wrote.
    const byEditor = await restJson('PATCH', `/api/pages/${page.id}`, {
      headers: editor,
      body: { title: 'Delivery, next version', _status: 'published' },
    })
    expect(byEditor.status).toBe(200)
    expect(await payload.findByID({ collection: 'pages', id: page.id })).toMatchObject({
      title: 'Delivery, next version',
    })
  })

  it('deletes a draft of its own making', async () => {
    const draft = await restJson('POST', '/api/pages?draft=true', {
      headers: author,
      body: { title: 'Scratch', slug: 'scratch', _status: 'draft' },
    })
    const remove = await restJson('DELETE', `/api/pages/${draft.body.doc.id}`, { headers: author })
    expect(remove.status).toBe(200)
  })

  it('publishes nothing by a scheduled publication: the job runs as the author', async () => {
    // Payload's admin hides Schedule from an author (no publish permission); its server function
    // queues the job regardless, and the job publishes as the person who scheduled it.
    const { schedulePublishHandler } =
      await import('@payloadcms/ui/utilities/schedulePublishHandler')
    const draft = await payload.create({
      collection: 'articles',
      draft: true,
      data: { title: 'Later', slug: 'later', author: writerId, _status: 'draft' },
    })
    const asAuthor = await payload.auth({ headers: new Headers(author) })
    const req = { payload, user: asAuthor.user, i18n: { t: (key: string) => key } }
    await schedulePublishHandler({
      type: 'publish',
      date: new Date(Date.now() - 1000),
      doc: { relationTo: 'articles', value: String(draft.id) },
      req,
    } as never)
    const queued = await payload.count({ collection: 'payload-jobs' })
    expect(queued.totalDocs).toBeGreaterThan(0)
    await payload.jobs.run({ overrideAccess: true })
    expect(await published('articles', draft.id)).toBe('draft')
  })

  it('makes inactive products, and never makes one active', async () => {
    const created = await restJson('POST', '/api/products', {
      headers: author,
      body: { name: 'Blue mug', price: 450, stock: 3 },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.doc.active).toBe(false)
    const activate = await restJson('PATCH', `/api/products/${created.body.doc.id}`, {
      headers: author,
      body: { active: true },
    })
    expect(activate.status).toBe(403)
    const live = await payload.create({
      collection: 'products',
      data: { name: 'Red mug', slug: 'red-mug', price: 450, stock: 3, active: true },
    })
    const overwrite = await restJson('PATCH', `/api/products/${live.id}`, {
      headers: author,
      body: { name: 'Red mug (changed)' },
    })
    expect(overwrite.status).toBe(403)
  })
})
