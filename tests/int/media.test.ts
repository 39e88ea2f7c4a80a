import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'

import type { Payload } from 'payload'
import sharp from 'sharp'
import { Agent, fetch as fetchOwnConnection } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { picture } from '../helpers/pictures'
import { multipartUpload, serveRestOverHttp, type RestOverHttp } from '../helpers/restOverHttp'

// Each run stores its images in a directory of its own; the limit is 1 MB so that "too large"
// is cheap to send.
const directory = await mkdtemp(path.join(os.tmpdir(), 'media-test-'))
let payload: Payload
let server: RestOverHttp
let editor: Record<string, string>

beforeAll(async () => {
  payload = await getTestPayload({ MEDIA_DIRECTORY: directory, MEDIA_MAX_MEGABYTES: '1' })
  server = await serveRestOverHttp()
  editor = { authorization: `Bearer ${(await userWithToken(payload, 'editor')).token}` }
})

afterAll(async () => {
  await server?.stop()
  await rm(directory, { recursive: true, force: true })
})

async function upload(
  file: { data: Buffer; filename: string; contentType: string },
  headers: Record<string, string> = editor,
  fields: Record<string, unknown> = { alt: 'A test picture' },
) {
  const { body, contentType } = multipartUpload(file, fields)
  // A connection of its own: a refused upload may be answered before its body is read, and the
  // server then closes that connection; a pooled one reused by the next upload would fail.
  const agent = new Agent()
  const { response, text } = await fetchOwnConnection(`${server.baseUrl}/api/media`, {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body,
    dispatcher: agent,
  })
    .then(async (response) => ({ response, text: await response.text() }))
    .finally(() => agent.destroy())
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {
    json = { raw: text }
  }
  return { status: response.status, headers: response.headers, body: json }
}

/** A small PNG whose header declares `width` x `height` pixels of greyscale. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const filesOnDisk = async () => (await readdir(directory)).sort()
const mediaRows = async () =>
  (await payload.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM media')).rows[0]!.n

/** Every file under the system's temporary directory and the working directory named `name`. */
async function strayFiles(name: string) {
  const found: string[] = []
  for (const place of [os.tmpdir(), path.dirname(directory), process.cwd(), '/']) {
    const entries = await readdir(place).catch(() => [] as string[])
    if (entries.includes(name)) found.push(path.join(place, name))
  }
  return found
}

describe('uploading images over HTTP', () => {
  it('accepts a JPEG and a PNG from an editor with 201 and makes their WebP sizes on disk', async () => {
    for (const [format, contentType] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
    ] as const) {
      const created = await upload({
        data: await picture(format),
        filename: `landscape.${format === 'jpeg' ? 'jpg' : 'png'}`,
        contentType,
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const doc = created.body.doc
      expect(doc).toMatchObject({
        alt: 'A test picture',
        width: 1200,
        height: 800,
        mimeType: contentType,
      })
      const files = await filesOnDisk()
      expect(files).toContain(doc.filename)
      for (const name of ['thumbnail', 'card'] as const) {
        const size = doc.sizes[name]
        expect(size.mimeType).toBe('image/webp')
        expect(files).toContain(size.filename)
        const meta = await sharp(path.join(directory, size.filename)).metadata()
        expect(meta.format).toBe('webp')
        expect([meta.width, meta.height]).toEqual([size.width, size.height])
      }
      // No enlargement: the original is narrower than the hero size.
      expect(doc.sizes.hero.filename).toBeNull()
    }
  })

  it('refuses a file over MEDIA_MAX_MEGABYTES with 413 and an error message, storing nothing', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const big = await sharp({
      create: {
        width: 1400,
        height: 1400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(big.length).toBeGreaterThan(1024 * 1024)
    const refused = await upload({ data: big, filename: 'noise.png', contentType: 'image/png' })
    expect(refused.status).toBe(413)
    expect(refused.body.errors[0].message).toMatch(/size limit/i)
    expect(await filesOnDisk()).toEqual(before.files)
    expect(await mediaRows()).toBe(before.rows)
  })

  it('refuses a text file and a PDF named .jpg with 400 and a reason', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
        'trailer<</Root 1 0 R>>\n%%EOF\n',
    )
    for (const data of [Buffer.from('just some words, not a picture\n'.repeat(20)), pdf]) {
      const refused = await upload({ data, filename: 'holiday.jpg', contentType: 'image/jpeg' })
      expect(refused.status, JSON.stringify(refused.body)).toBe(400)
      expect(refused.body.errors[0].message).toBeTruthy()
    }
    expect(await filesOnDisk()).toEqual(before.files)
    expect(await mediaRows()).toBe(before.rows)
  })

  it('refuses an SVG carrying a script, under its own name and renamed .png, saying which files it takes', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    )
    const inWords =
      'SVG files are not accepted. Upload a PNG, JPEG, WebP, GIF or AVIF image, up to 1 MB.'
    for (const file of [
      { data: svg, filename: 'logo.svg', contentType: 'image/svg+xml' },
      { data: svg, filename: 'logo.png', contentType: 'image/png' },
    ]) {
      const refused = await upload(file)
      expect(refused.status, JSON.stringify(refused.body)).toBe(400)
      expect(refused.body.errors[0].message).toBe(inWords)
      // Beside the upload area in the admin panel: the error of its field, `file`.
      expect(refused.body.errors[0].data.errors).toEqual([{ path: 'file', message: inWords }])
      expect(JSON.stringify(refused.body)).not.toMatch(/MIME|Invalid/)
    }
    expect(await filesOnDisk()).toEqual(before.files)
    expect(await mediaRows()).toBe(before.rows)
  })

  it('refuses a file that looks like a JPEG but cannot be decoded with 400, storing nothing', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const garbage = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
      Buffer.alloc(4000, 0x5a),
    ])
    const refused = await upload({
      data: garbage,
      filename: 'broken.jpg',
      contentType: 'image/jpeg',
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(refused.body.errors[0].message).toBeTruthy()
    expect(await filesOnDisk()).toEqual(before.files)
    expect(await mediaRows()).toBe(before.rows)
  })

  it('refuses an image declaring more pixels than it may decode (a decompression bomb) with 400', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const refused = await upload({
      data: pngDeclaring(100_000, 100_000),
      filename: 'bomb.png',
      contentType: 'image/png',
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(refused.body.errors[0].message).toBeTruthy()
    expect(await filesOnDisk()).toEqual(before.files)
    expect(await mediaRows()).toBe(before.rows)
  })

  it('refuses a real image of more pixels than an upload may have (a small file decoding to 100 megapixels) with 400', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000000' },
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const refused = await upload({ data: bomb, filename: 'dark.png', contentType: 'image/png' })
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(refused.body.errors[0].message).toMatch(/pixels/)
    expect(await filesOnDisk()).toEqual(before.files)
    expect(await mediaRows()).toBe(before.rows)
  })

  it('never writes outside the media directory, whatever the file name', async () => {
    const data = await picture('jpeg', 400, 300)
    const names = [
      '../../evil-up.jpg',
      '/tmp/evil-absolute.jpg',
      '..\\..\\evil-back.jpg',
      'evil\0nul.jpg',
    ]
    for (const filename of names) {
      const answer = await upload({ data, filename, contentType: 'image/jpeg' })
      expect([201, 400], `${filename}: ${JSON.stringify(answer.body)}`).toContain(answer.status)
      if (filename.includes('\0')) expect(answer.status).toBe(400)
      if (answer.status === 201) {
        const stored: string = answer.body.doc.filename
        expect(stored).not.toMatch(/[/\\\0]/)
        expect(await filesOnDisk()).toContain(stored)
      }
    }
    for (const name of ['evil-up.jpg', 'evil-absolute.jpg', 'evil-back.jpg', 'evil']) {
      expect(await strayFiles(name)).toEqual([])
    }
    const outside = (await readdir(path.dirname(directory))).filter((name) => name.includes('evil'))
    expect(outside).toEqual([])
  })

  it('refuses a malformed upload with 400: no alt, `_payload` not JSON, a broken part header', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const file = {
      data: await picture('jpeg', 200, 200),
      filename: 'x.jpg',
      contentType: 'image/jpeg',
    }
    const noAlt = await upload(file, editor, {})
    expect(noAlt.status).toBe(400)
    expect(JSON.stringify(noAlt.body)).toContain('alt')

    const { body, contentType } = multipartUpload(file, { alt: 'x' })
    const notJson = Buffer.from(body.toString('latin1').replace('{"alt":"x"}', '{alt: x'), 'latin1')
    const broken = Buffer.from(
      body.toString('latin1').replace('Content-Type: image/jpeg', 'Content-Type image/jpeg'),
      'latin1',
    )
    for (const sent of [notJson, broken]) {
      const response = await fetch(`${server.baseUrl}/api/media`, {
        method: 'POST',
        headers: { ...editor, 'content-type': contentType },
        body: sent,
      })
      expect(response.status).toBe(400)
      expect((await response.json()).errors[0].message).toBeTruthy()
    }
    expect(await filesOnDisk()).toEqual(before.files)
    expect(await mediaRows()).toBe(before.rows)
  })

  it('lets only editors upload: 403 for a customer and an API consumer, 401 or 403 anonymous', async () => {
    const before = await mediaRows()
    const file = {
      data: await picture('jpeg', 200, 200),
      filename: 'x.jpg',
      contentType: 'image/jpeg',
    }
    const customer = await userWithToken(payload, 'customer')
    const { apiKey } = await consumerWithKey(payload)
    expect((await upload(file, { authorization: `Bearer ${customer.token}` })).status).toBe(403)
    expect((await upload(file, { 'x-api-key': apiKey })).status).toBe(403)
    expect([401, 403]).toContain((await upload(file, {})).status)
    expect(await mediaRows()).toBe(before)
  })
})

describe('serving stored images', () => {
  let original: { filename: string; sizes: { card: { filename: string } } }

  beforeAll(async () => {
    const created = await upload({
      data: await picture('jpeg'),
      filename: 'served.jpg',
      contentType: 'image/jpeg',
    })
    original = created.body.doc
  })

  it('serves a file with its type, nosniff and an ETag; a matching If-None-Match is a 304 without body', async () => {
    const response = await fetch(`${server.baseUrl}/api/media/file/${original.filename}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    const tag = response.headers.get('etag')
    expect(tag).toMatch(/^"[^"]+"$/)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))

    const again = await fetch(`${server.baseUrl}/api/media/file/${original.filename}`, {
      headers: { 'if-none-match': tag! },
    })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
    expect(again.headers.get('etag')).toBe(tag)
  })

  it('answers a Range request for a stored file with 206 and those bytes', async () => {
    const whole = Buffer.from(
      await (await fetch(`${server.baseUrl}/api/media/file/${original.filename}`)).arrayBuffer(),
    )
    const part = await fetch(`${server.baseUrl}/api/media/file/${original.filename}`, {
      headers: { range: 'bytes=0-99' },
    })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`)
    expect(part.headers.get('content-type')).toBe('image/jpeg')
    expect(part.headers.get('x-content-type-options')).toBe('nosniff')
    expect(part.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(0, 100))

    const past = await fetch(`${server.baseUrl}/api/media/file/${original.filename}`, {
      headers: { range: `bytes=${whole.length}-` },
    })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`)
  })

  it('lets browsers keep a generated size for 30 days', async () => {
    const response = await fetch(`${server.baseUrl}/api/media/file/${original.sizes.card.filename}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves a PNG uploaded under a .jpg name as what it is', async () => {
    const created = await upload({
      data: await picture('png', 300, 200),
      filename: 'disguised.jpg',
      contentType: 'image/jpeg',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.doc.mimeType).toBe('image/png')
    const response = await fetch(`${server.baseUrl}/api/media/file/${created.body.doc.filename}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers 404 for a file that is not there and for a name leaving the directory', async () => {
    expect((await fetch(`${server.baseUrl}/api/media/file/nothing-here.jpg`)).status).toBe(404)
    const ranged = await fetch(`${server.baseUrl}/api/media/file/nothing-here.jpg`, {
      headers: { range: 'bytes=0-10' },
    })
    expect(ranged.status).toBe(404)
    // Payload itself refuses `../` with 403 before any handler runs.
    const sneaky = await fetch(`${server.baseUrl}/api/media/file/..%2F..%2Fetc%2Fpasswd`)
    expect([403, 404]).toContain(sneaky.status)
    expect(await sneaky.text()).not.toContain('root:')
  })
})

describe('deleting images', () => {
  it('refuses to delete an article cover with 409 naming the article; deletes an unused image and its files', async () => {
    const used = await upload({
      data: await picture('jpeg'),
      filename: 'cover.jpg',
      contentType: 'image/jpeg',
    })
    const author = await payload.create({ collection: 'authors', data: { name: 'Photographer' } })
    await payload.create({
      collection: 'articles',
      data: {
        title: 'Autumn walk',
        slug: 'autumn-walk',
        author: author.id,
        cover: used.body.doc.id,
        _status: 'draft',
      },
      context: { skipBusinessEvents: true },
    })
    const refused = await fetch(`${server.baseUrl}/api/media/${used.body.doc.id}`, {
      method: 'DELETE',
      headers: editor,
    })
    expect(refused.status).toBe(409)
    const refusal = await refused.json()
    expect(refusal.errors[0].message).toContain('Autumn walk')
    expect(await filesOnDisk()).toContain(used.body.doc.filename)

    const unused = await upload({
      data: await picture('png'),
      filename: 'spare.png',
      contentType: 'image/png',
    })
    const doc = unused.body.doc
    const names = [
      doc.filename,
      ...Object.values<any>(doc.sizes).map((size) => size.filename),
    ].filter(Boolean)
    expect(names.length).toBeGreaterThan(1)
    const removed = await fetch(`${server.baseUrl}/api/media/${doc.id}`, {
      method: 'DELETE',
      headers: editor,
    })
    expect(removed.status).toBe(200)
    const files = await filesOnDisk()
    for (const name of names) expect(files).not.toContain(name)
  })
})

describe('an upload cut off mid-body', () => {
  it('leaves no row and no file', async () => {
    const before = { files: await filesOnDisk(), rows: await mediaRows() }
    const { body, contentType } = multipartUpload(
      { data: await picture('jpeg'), filename: 'cut.jpg', contentType: 'image/jpeg' },
      { alt: 'Never finished' },
    )
    await new Promise<void>((resolve) => {
      const sending = httpRequest(`${server.baseUrl}/api/media`, {
        method: 'POST',
        headers: { ...editor, 'content-type': contentType, 'content-length': String(body.length) },
      })
      sending.on('error', () => resolve())
      sending.on('close', () => resolve())
      sending.write(body.subarray(0, Math.floor(body.length / 2)), () => {
        setTimeout(() => sending.destroy(), 200)
      })
    })
    // Give the server time to notice and to have written anything it was going to write.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await mediaRows()).toBe(before.rows)
    expect(await filesOnDisk()).toEqual(before.files)
    // And it still serves the next upload.
    const next = await upload({
      data: await picture('jpeg', 300, 300),
      filename: 'after.jpg',
      contentType: 'image/jpeg',
    })
    expect(next.status).toBe(201)
  })
})
