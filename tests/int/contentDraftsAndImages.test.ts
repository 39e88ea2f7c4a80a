import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signPreviewToken } from '../../src/articles/previewToken'
import { uploadPlainPicture } from '../helpers/pictures'
import { restJson } from '../helpers/rest'
import { handInConfig } from '../helpers/testConfig'
import { articlesSetUp } from '../helpers/articlesSetUp'

const { payload, editor, customer, consumer, authorId } = articlesSetUp({
  author: 'Drafting',
  customer: true,
  consumer: true,
})
let imageId: number

/** An image made on the spot, uploaded as an editor would. */
const uploadImage = (alt: string, width = 1200, height = 800) =>
  uploadPlainPicture(payload(), {
    alt,
    format: 'jpeg',
    width,
    height,
    background: { r: 40, g: 120, b: 90 },
  })

beforeAll(async () => {
  imageId = await uploadImage('Harbour at dawn')
})

async function createArticle(body: Record<string, unknown>) {
  const created = await restJson('POST', '/api/v1/articles', {
    headers: editor(),
    body: { author_id: authorId(), ...body },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.data as { id: number } & Record<string, unknown>
}

/** The events of one article waiting in the outbox (no worker runs here), oldest first. */
async function eventsOf(id: number) {
  const { rows } = await payload().db.pool.query<{ type: string; data: Record<string, unknown> }>(
    `SELECT type, data FROM webhook_outbox WHERE data->>'id' = $1 ORDER BY occurred_at, type`,
    [String(id)],
  )
  return rows
}

describe('cover images in the articles API', () => {
  it('shows the cover with absolute URLs of the original and each size, in v1 and v2', async () => {
    const article = await createArticle({
      title: 'With a picture',
      slug: 'with-a-picture',
      status: 'published',
      cover_id: imageId,
    })
    const cover = {
      id: imageId,
      url: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/media\/file\/Harbour-at-dawn\.jpg$/,
      ),
      alt: 'Harbour at dawn',
      width: 1200,
      height: 800,
      sizes: {
        thumbnail: {
          url: expect.stringMatching(
            /^http:\/\/localhost:3000\/api\/media\/file\/.+-320x320\.webp$/,
          ),
          width: 320,
          height: 320,
        },
        card: { url: expect.stringMatching(/-768x512\.webp$/), width: 768, height: 512 },
      },
    }
    expect(article.cover).toEqual(cover)
    const v1 = await restJson('GET', `/api/v1/articles/${article.id}`, { headers: consumer() })
    expect(v1.body.data.cover).toEqual(cover)
    // The original is 1,200 wide: no 1,600-wide hero is made (no enlargement).
    expect(v1.body.data.cover.sizes.hero).toBeUndefined()
    const v2 = await restJson('GET', `/api/v2/articles/${article.id}?fields=title,cover`, {
      headers: consumer(),
    })
    expect(v2.body.data).toEqual({ id: article.id, title: 'With a picture', cover })
    const list = await restJson('GET', '/api/v1/articles?per_page=100', { headers: consumer() })
    const listed = list.body.data.find((a: { id: number }) => a.id === article.id)
    expect(listed.cover).toEqual(cover)
  })

  it('uses SERVER_URL for the URLs when it is set', async () => {
    const restore = handInConfig(payload(), { SERVER_URL: 'https://cms.example' })
    try {
      const article = await createArticle({ title: 'Served', slug: 'served', cover_id: imageId })
      expect(article.cover).toMatchObject({
        url: 'https://cms.example/api/media/file/Harbour-at-dawn.jpg',
      })
    } finally {
      restore()
    }
  })

  it('writes the cover with cover_id on create, PUT and PATCH, null removing it', async () => {
    const article = await createArticle({ title: 'Bare', slug: 'bare' })
    expect(article.cover).toBeNull()
    const other = await uploadImage('Second picture', 640, 480)
    const patched = await restJson('PATCH', `/api/v1/articles/${article.id}`, {
      headers: editor(),
      body: { cover_id: other },
    })
    expect(patched.body.data.cover).toMatchObject({ id: other, alt: 'Second picture' })
    const replaced = await restJson('PUT', `/api/v1/articles/${article.id}`, {
      headers: editor(),
      body: { title: 'Bare', slug: 'bare', status: 'draft', author_id: authorId() },
    })
    expect(replaced.body.data.cover).toBeNull()
    const removed = await restJson('PATCH', `/api/v1/articles/${article.id}`, {
      headers: editor(),
      body: { cover_id: imageId },
    })
    expect(removed.body.data.cover.id).toBe(imageId)
  })

  it('refuses a cover_id that names no image with 400 naming the field, and writes nothing', async () => {
    const refused = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: { title: 'Ghost', slug: 'ghost', author_id: authorId(), cover_id: 999999 },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'cover_id 999999 does not name an image',
      details: [{ field: 'cover_id', message: 'No image with id 999999' }],
    })
    const { rows } = await payload().db.pool.query(`SELECT 1 FROM articles WHERE slug = 'ghost'`)
    expect(rows).toHaveLength(0)
  })

  it('shows images embedded in the body with their URLs', async () => {
    const body = {
      root: {
        type: 'root',
        children: [
          { type: 'paragraph', children: [{ type: 'text', text: 'Look:', version: 1 }] },
          { type: 'upload', relationTo: 'media', value: imageId, version: 3, fields: null },
        ],
      },
    }
    const article = await createArticle({ title: 'Inline', slug: 'inline', body })
    const read = await restJson('GET', `/api/v1/articles/${article.id}`, { headers: editor() })
    expect(read.body.data.body.root.children[1]).toMatchObject({
      type: 'upload',
      relationTo: 'media',
      value: {
        id: imageId,
        url: 'http://localhost:3000/api/media/file/Harbour-at-dawn.jpg',
        alt: 'Harbour at dawn',
      },
    })
  })

  it('refuses to delete an image an article shows, naming the article', async () => {
    const deleted = await restJson('DELETE', `/api/media/${imageId}`, { headers: editor() })
    expect(deleted.status).toBe(409)
    expect(deleted.body.errors[0].message).toMatch(/^This image is still used by article \d+ "/)
    expect(
      await payload().count({ collection: 'media', where: { id: { equals: imageId } } }),
    ).toEqual({ totalDocs: 1 })
  })
})

describe('images beyond articles', () => {
  it("carries a product's gallery in product.* events and its first image in search hits", async () => {
    const second = await uploadImage('Mug from above', 900, 900)
    const product = await restJson('POST', '/api/products', {
      headers: editor(),
      body: {
        name: 'Gallery mug',
        slug: 'gallery-mug',
        price: 12,
        stock: 3,
        active: true,
        images: [second, imageId],
      },
    })
    expect(product.status).toBe(201)
    const { rows } = await payload().db.pool.query<{ data: { images: { id: number }[] } }>(
      `SELECT data FROM webhook_outbox WHERE type = 'product.created' AND data->>'id' = $1`,
      [String(product.body.doc.id)],
    )
    expect(rows[0]!.data.images.map((image) => image.id)).toEqual([second, imageId])
    expect(rows[0]!.data.images[0]).toMatchObject({
      alt: 'Mug from above',
      url: 'http://localhost:3000/api/media/file/Mug-from-above.jpg',
      sizes: { thumbnail: { width: 320, height: 320 } },
    })
    const search = await restJson('GET', '/api/v1/search?q=gallery&collections=products', {
      headers: consumer(),
    })
    expect(search.body.data).toEqual([
      expect.objectContaining({
        name: 'Gallery mug',
        image: expect.objectContaining({ id: second, alt: 'Mug from above' }),
      }),
    ])
  })
})

describe('drafts beside a published article', () => {
  let id: number

  beforeAll(async () => {
    const article = await createArticle({
      title: 'Published text',
      slug: 'published-text',
      status: 'published',
    })
    id = article.id
    const saved = await restJson('PATCH', `/api/v1/articles/${id}?draft=true`, {
      headers: editor(),
      body: { title: 'Work in progress' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ title: 'Work in progress', status: 'draft' })
  })

  it('keep the published text for consumers, customers and Payload REST until published', async () => {
    for (const headers of [consumer(), customer()]) {
      const read = await restJson('GET', `/api/v1/articles/${id}`, { headers })
      expect(read.body.data).toMatchObject({ title: 'Published text', status: 'published' })
      // Asking for the draft without the editor role still gives the published version.
      const asked = await restJson('GET', `/api/v1/articles/${id}?draft=true`, { headers })
      expect(asked.body.data.title).toBe('Published text')
      const rest = await restJson('GET', `/api/articles/${id}?draft=true&depth=0`, { headers })
      expect(rest.body.title).toBe('Published text')
      const list = await restJson('GET', `/api/articles?draft=true&where[id][equals]=${id}`, {
        headers,
      })
      expect(list.body.docs.map((doc: { title: string }) => doc.title)).toEqual(['Published text'])
      const versions = await restJson('GET', `/api/articles/versions?where[parent][equals]=${id}`, {
        headers,
      })
      expect(versions.status).toBe(403)
      const search = await restJson('GET', '/api/v1/search?q=progress&collections=articles', {
        headers,
      })
      expect(search.body.data).toEqual([])
    }
  })

  it('show anonymous callers neither the draft nor, on the v1 API, anything without credentials', async () => {
    expect((await restJson('GET', `/api/v1/articles/${id}?draft=true`)).status).toBe(401)
    const rest = await restJson('GET', `/api/articles/${id}?draft=true`)
    expect(rest.status).toBe(403)
    expect(JSON.stringify(rest.body)).not.toContain('Work in progress')
    const versions = await restJson('GET', `/api/articles/versions?where[parent][equals]=${id}`)
    expect(versions.status).toBe(403)
  })

  it('let editors read the newest draft with draft=true, and the published text without', async () => {
    const published = await restJson('GET', `/api/v1/articles/${id}`, { headers: editor() })
    expect(published.body.data.title).toBe('Published text')
    const draft = await restJson('GET', `/api/v1/articles/${id}?draft=true`, { headers: editor() })
    expect(draft.body.data).toMatchObject({ id, title: 'Work in progress', status: 'draft' })
    expect(draft.headers.get('cache-control')).toBe('private, no-store')
  })

  it('tell integrators nothing about the draft, then article.updated and article.published on publication, and only the id and slug on unpublication', async () => {
    expect((await eventsOf(id)).map((event) => event.type)).toEqual([
      'article.created',
      'article.published',
    ])
    const published = await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: editor(),
      body: { status: 'published' },
    })
    expect(published.body.data).toMatchObject({ title: 'Work in progress', status: 'published' })
    const consumerRead = await restJson('GET', `/api/v1/articles/${id}`, { headers: consumer() })
    expect(consumerRead.body.data.title).toBe('Work in progress')
    const events = await eventsOf(id)
    expect(events.map((event) => event.type)).toEqual([
      'article.created',
      'article.published',
      'article.published',
      'article.updated',
    ])
    expect(events.at(-1)!.data).toMatchObject({ title: 'Work in progress', status: 'published' })

    const unpublished = await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: editor(),
      body: { status: 'draft' },
    })
    expect(unpublished.body.data.status).toBe('draft')
    expect((await restJson('GET', `/api/v1/articles/${id}`, { headers: consumer() })).status).toBe(
      404,
    )
    // Only named: the consumer can no longer read it (issue 32, finding 6).
    expect((await eventsOf(id)).slice(-2)).toEqual([
      expect.objectContaining({ type: 'article.updated' }),
      {
        type: 'article.unpublished',
        data: {
          id,
          slug: 'published-text',
          removed_at: expect.any(String),
          locale: 'en',
          locales: ['en'],
        },
      },
    ])
  })

  it('refuse status published together with draft=true', async () => {
    const refused = await restJson('PATCH', `/api/v1/articles/${id}?draft=true`, {
      headers: editor(),
      body: { status: 'published' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toMatch(/a draft is not published/)
  })
})

describe('scheduled publication through the API', () => {
  it('refuses a time in the past, names the field, and writes nothing', async () => {
    const refused = await restJson('POST', '/api/v1/articles', {
      headers: editor(),
      body: {
        title: 'Too late',
        slug: 'too-late',
        author_id: authorId(),
        publish_at: '2020-01-01T00:00:00Z',
      },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.details).toEqual([
      { field: 'publish_at', message: 'must be in the future' },
    ])
    const { rows } = await payload().db.pool.query(`SELECT 1 FROM articles WHERE slug = 'too-late'`)
    expect(rows).toHaveLength(0)
  })

  it('schedules the publication of that version, shows it on GET, replaces and cancels it', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const article = await createArticle({
      title: 'Tomorrow',
      slug: 'tomorrow',
      publish_at: at,
      unpublish_at: new Date(Date.now() + 7_200_000).toISOString(),
    })
    expect(article).toMatchObject({ status: 'draft', publish_at: at })
    expect(article.unpublish_at).toEqual(expect.any(String))
    const later = new Date(Date.now() + 5_400_000).toISOString()
    const moved = await restJson('PATCH', `/api/v1/articles/${article.id}`, {
      headers: editor(),
      body: { publish_at: later, unpublish_at: null },
    })
    expect(moved.body.data).toMatchObject({ publish_at: later, unpublish_at: null })
    const { rows } = await payload().db.pool.query(
      `SELECT input->>'type' AS type FROM payload_jobs
        WHERE task_slug = 'schedulePublish' AND input->'doc'->>'value' = $1`,
      [String(article.id)],
    )
    expect(rows).toEqual([{ type: 'publish' }])
    const cancelled = await restJson('PATCH', `/api/v1/articles/${article.id}`, {
      headers: editor(),
      body: { publish_at: null },
    })
    expect(cancelled.body.data.publish_at).toBeNull()
  })

  it("publishes the draft when Payload's queue runs the job, with article.published", async () => {
    const article = await createArticle({ title: 'On time', slug: 'on-time', status: 'draft' })
    const soon = new Date(Date.now() + 1_000)
    const scheduled = await restJson('PATCH', `/api/v1/articles/${article.id}`, {
      headers: editor(),
      body: { title: 'On time, edited', publish_at: soon.toISOString() },
    })
    expect(scheduled.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 100))
    await payload().jobs.run({ queue: 'default' })
    const read = await restJson('GET', `/api/v1/articles/${article.id}`, { headers: consumer() })
    expect(read.body.data).toMatchObject({
      title: 'On time, edited',
      status: 'published',
      publish_at: null,
    })
    // Never published before: consumers hear of it now, as a new article (nothing before).
    expect((await eventsOf(article.id)).map((event) => event.type)).toEqual([
      'article.created',
      'article.published',
    ])
  })
})

describe('preview tokens', () => {
  let id: number
  const secret = 'integration-test-secret'

  beforeAll(async () => {
    id = (await createArticle({ title: 'Unseen', slug: 'unseen' })).id
    await restJson('PATCH', `/api/v1/articles/${id}?draft=true`, {
      headers: editor(),
      body: { title: 'Unseen, revised' },
    })
  })

  it("show a storefront the article's newest draft with its own credentials", async () => {
    const token = signPreviewToken(secret, id, new Date(Date.now() + 60_000))
    const read = await restJson('GET', `/api/v1/articles/${id}?preview_token=${token}`, {
      headers: consumer(),
    })
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ id, title: 'Unseen, revised', status: 'draft' })
    expect((await restJson('GET', `/api/v1/articles/${id}`, { headers: consumer() })).status).toBe(
      404,
    )
  })

  it('are refused with 401 once expired, for another article, or forged', async () => {
    const expired = signPreviewToken(secret, id, new Date(Date.now() - 1_000))
    const other = signPreviewToken(secret, id + 1, new Date(Date.now() + 60_000))
    const forged = signPreviewToken('another-secret', id, new Date(Date.now() + 60_000))
    for (const [token, message] of [
      [expired, /^The preview token expired at /],
      [other, /^The preview token is for another article/],
      [forged, /^The preview token is not valid$/],
    ] as const) {
      const read = await restJson('GET', `/api/v1/articles/${id}?preview_token=${token}`, {
        headers: consumer(),
      })
      expect(read.status).toBe(401)
      expect(read.body.error.message).toMatch(message)
    }
  })
})

afterAll(async () => {
  await payload()?.db.pool.query(`DELETE FROM payload_jobs`)
})
