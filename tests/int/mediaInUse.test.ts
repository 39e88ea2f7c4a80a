import { describe, expect, it } from 'vitest'

import { uploadPlainPicture } from '../helpers/pictures'
import { restJson } from '../helpers/rest'
import { articlesSetUp } from '../helpers/articlesSetUp'

// An image is in use (and its deletion refused with 409 naming the document) while the published
// version or the current draft of an article or a page shows it, as the cover or inside the rich
// text, or while a product's gallery holds it. Older versions in the history do not keep it.

const { payload, editor, authorId } = articlesSetUp({ author: 'In use' })

/** An image made on the spot, uploaded as an editor would. */
const uploadImage = (alt: string) =>
  uploadPlainPicture(payload(), {
    alt,
    format: 'png',
    width: 64,
    height: 48,
    background: { r: 200, g: 90, b: 40 },
  })

/** Lexical rich text with one paragraph and one upload node whose `value` is `value`. */
const richTextWith = (value: unknown) => ({
  root: {
    type: 'root',
    format: '',
    indent: 0,
    version: 1,
    direction: 'ltr',
    children: [
      {
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        children: [{ type: 'text', text: 'Have a look:', version: 1 }],
      },
      { type: 'upload', relationTo: 'media', value, version: 3, fields: null, format: '' },
    ],
  },
})

async function deleteImage(id: number) {
  return restJson('DELETE', `/api/media/${id}`, { headers: editor() })
}

async function imageExists(id: number) {
  return (await payload().count({ collection: 'media', where: { id: { equals: id } } })).totalDocs
}

async function expectRefused(imageId: number, place: string) {
  const refused = await deleteImage(imageId)
  expect(refused.status, JSON.stringify(refused.body)).toBe(409)
  expect(refused.body.errors[0].message).toBe(
    `This image is still used by ${place}; replace it there before deleting it`,
  )
  expect(await imageExists(imageId)).toBe(1)
}

async function createPage(data: Record<string, unknown>) {
  const created = await restJson('POST', '/api/pages', { headers: editor(), body: data })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc as { id: number }
}

async function saveDraft(collection: 'pages' | 'articles', id: number, data: object) {
  const saved = await restJson('PATCH', `/api/${collection}/${id}?draft=true`, {
    headers: editor(),
    body: data,
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}

async function publish(collection: 'pages' | 'articles', id: number, data: object) {
  const saved = await restJson('PATCH', `/api/${collection}/${id}`, {
    headers: editor(),
    body: { ...data, _status: 'published' },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}

describe('deleting an image in use', () => {
  it("is refused for a cover only a page's draft uses, naming the page's draft", async () => {
    const image = await uploadImage('Draft cover')
    const page = await createPage({ title: 'Opening hours', _status: 'published' })
    await saveDraft('pages', page.id, { title: 'Opening hours (summer)', cover: image })
    // The published page has no cover: only the draft uses the image.
    const published = await restJson('GET', `/api/pages/${page.id}?depth=0`, { headers: editor() })
    expect(published.body).toMatchObject({ title: 'Opening hours', cover: null })

    await expectRefused(image, `page ${page.id} (draft) "Opening hours (summer)"`)
  })

  it("is refused for an image inside a published page's rich text, naming the page", async () => {
    const image = await uploadImage('Page text picture')
    const page = await createPage({
      title: 'Our workshop',
      content: richTextWith(image),
      _status: 'published',
    })
    await expectRefused(image, `page ${page.id} "Our workshop"`)
  })

  it("is refused for an image inside only an article draft's rich text, naming the draft", async () => {
    const image = await uploadImage('Article draft picture')
    const article = await payload().create({
      collection: 'articles',
      data: {
        title: 'Harvest notes',
        slug: 'harvest-notes',
        author: authorId(),
        _status: 'published',
      },
      context: { skipBusinessEvents: true },
    })
    await saveDraft('articles', article.id, {
      title: 'Harvest notes, revised',
      body: richTextWith(image),
    })
    await expectRefused(image, `article ${article.id} (draft) "Harvest notes, revised"`)
  })

  it('is refused for an image whose upload node holds the image as an object, as a read returns it', async () => {
    const image = await uploadImage('Populated picture')
    const page = await createPage({ title: 'Round trip', _status: 'published' })
    // A client saving what it read at depth 1 sends the node's value populated.
    await saveDraft('pages', page.id, { content: richTextWith({ id: image, alt: 'Populated' }) })
    await expectRefused(image, `page ${page.id} (draft) "Round trip"`)
  })

  it("is refused for an image in a product's gallery, naming the product", async () => {
    const first = await uploadImage('Gallery first')
    const image = await uploadImage('Gallery second')
    const product = await restJson('POST', '/api/products', {
      headers: editor(),
      body: {
        name: 'Stoneware bowl',
        slug: 'stoneware-bowl-in-use',
        price: 20,
        stock: 2,
        active: true,
        images: [first, image],
      },
    })
    expect(product.status, JSON.stringify(product.body)).toBe(201)
    await expectRefused(image, `product ${product.body.doc.id} "Stoneware bowl"`)
  })

  it('names each document using the image: the published page and the draft of another', async () => {
    const image = await uploadImage('Shared picture')
    const shown = await createPage({ title: 'Shown', cover: image, _status: 'published' })
    const planned = await createPage({ title: 'Planned', _status: 'published' })
    await saveDraft('pages', planned.id, { content: richTextWith(image) })
    const [low, high] = [shown, planned].sort((a, b) => a.id - b.id)
    const place = (page: { id: number }) =>
      page === shown ? `page ${shown.id} "Shown"` : `page ${planned.id} (draft) "Planned"`
    await expectRefused(image, `${place(low!)}, ${place(high!)}`)
  })
})

describe('deleting an image no longer in use', () => {
  it('succeeds when only superseded versions of a page and an article used it', async () => {
    const old = await uploadImage('Superseded picture')
    const current = await uploadImage('Current picture')
    const page = await createPage({
      title: 'Renewed',
      cover: old,
      content: richTextWith(old),
      _status: 'published',
    })
    await saveDraft('pages', page.id, { cover: current, content: richTextWith(current) })
    await publish('pages', page.id, {})
    // A never-published article: its own row keeps what it was created with (drafts saved
    // later go to versions only), but its current draft no longer shows the old image.
    const article = await payload().create({
      collection: 'articles',
      data: {
        title: 'Rewritten',
        slug: 'rewritten',
        author: authorId(),
        cover: old,
        body: richTextWith(old) as never,
        _status: 'draft',
      },
      context: { skipBusinessEvents: true },
    })
    await saveDraft('articles', article.id, { body: richTextWith(old) })
    await saveDraft('articles', article.id, { body: richTextWith(current), cover: current })
    // The history still holds versions with the old image.
    const { rows } = await payload().db.pool.query<{ versions: number }>(
      `SELECT (SELECT count(*) FROM _pages_v WHERE version_cover_id = $1)::int
            + (SELECT count(*) FROM _articles_v WHERE version_cover_id = $1)::int AS versions`,
      [old],
    )
    expect(rows[0]!.versions).toBeGreaterThanOrEqual(2)

    const deleted = await deleteImage(old)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect(await imageExists(old)).toBe(0)
    await expectRefused(
      current,
      `article ${article.id} (draft) "Rewritten", page ${page.id} "Renewed"`,
    )
  })
})

describe('a document from before versions were kept', () => {
  it('keeps its image through its own row', async () => {
    const image = await uploadImage('Legacy picture')
    const page = await createPage({ title: 'Legacy', cover: image, _status: 'draft' })
    await payload().db.pool.query(`DELETE FROM _pages_v WHERE parent_id = $1`, [page.id])
    await expectRefused(image, `page ${page.id} (draft) "Legacy"`)
  })
})
