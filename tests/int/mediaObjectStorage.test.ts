import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getTableConfig } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedMedia } from '../../seed/media'
import { userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { picture } from '../helpers/pictures'
import { multipartUpload, serveRestOverHttp, type RestOverHttp } from '../helpers/restOverHttp'
import { startS3Server, type S3Server } from '../helpers/s3Server'

// Payload runs with a bucket on a real S3-compatible server (s3rver on loopback). Its media
// directory is a path that does not exist: nothing may create it.
const parent = await mkdtemp(path.join(os.tmpdir(), 'media-bucket-test-'))
const directory = path.join(parent, 'media')
let s3: S3Server
let bucket: S3Client
let payload: Payload
let server: RestOverHttp
let editor: Record<string, string>

beforeAll(async () => {
  s3 = await startS3Server()
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: s3.credentials,
  })
  payload = await getTestPayload({ ...s3.environment, MEDIA_DIRECTORY: directory })
  server = await serveRestOverHttp()
  editor = { authorization: `Bearer ${(await userWithToken(payload, 'editor')).token}` }
})

afterAll(async () => {
  await server?.stop()
  bucket?.destroy()
  await s3?.stop()
  await rm(parent, { recursive: true, force: true })
})

/** Every key in the bucket, sorted. */
async function objectsInBucket(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

/** Whether anything was written under the media directory (it must not even exist). */
const localFiles = async () => (existsSync(directory) ? await readdir(directory) : [])

type MediaDoc = {
  id: number
  filename: string
  sizes: Record<string, { filename: string | null }>
}

/** The original's and every size's file name of `doc`. */
const namesOf = (doc: MediaDoc) =>
  [doc.filename, ...Object.values(doc.sizes).map((size) => size.filename)]
    .filter((name): name is string => Boolean(name))
    .sort()

/** Uploads `data` as `filename` with `POST /api/media` (multipart), as an editor. */
async function upload(data: Buffer, filename: string, contentType = 'image/jpeg') {
  const { body, contentType: type } = multipartUpload(
    { data, filename, contentType },
    { alt: 'In the bucket' },
  )
  const response = await fetch(`${server.baseUrl}/api/media`, {
    method: 'POST',
    headers: { ...editor, 'content-type': type },
    body,
  })
  const json = await response.json()
  expect(response.status, JSON.stringify(json)).toBe(201)
  return json.doc as MediaDoc
}

const fileUrl = (filename: string) => `${server.baseUrl}/api/media/file/${filename}`

describe('storing images in the bucket', () => {
  // First in the file: the seed adds nothing once any image exists.
  it("puts the seed's demo pictures (Local API) and all their sizes in the bucket, none on disk", async () => {
    await seedMedia(payload)
    const { docs } = await payload.find({ collection: 'media', pagination: false, depth: 0 })
    expect(docs.length).toBe(8)
    const expected = docs.flatMap((doc) => namesOf(doc as MediaDoc))
    // 1600x1000 originals: each has its thumbnail, card and hero.
    expect(expected.length).toBe(8 * 4)
    expect(await objectsInBucket()).toEqual(expected.sort())
    expect(await localFiles()).toEqual([])
  })

  it('puts a REST upload (POST /api/media) and every size in the bucket, none on disk', async () => {
    const before = await objectsInBucket()
    const doc = await upload(await picture('jpeg', 2000, 1400), 'harbour.jpg')
    const names = namesOf(doc)
    expect(Object.values(doc.sizes).every((size) => size.filename)).toBe(true)
    expect(names.length).toBe(4)
    expect(await objectsInBucket()).toEqual([...before, ...names].sort())
    const stored = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: doc.filename }))
    const bytes = Buffer.from(await stored.Body!.transformToByteArray())
    expect((await sharp(bytes).metadata()).width).toBe(2000)
    expect(await localFiles()).toEqual([])
  })

  it('reads and writes the media table the migrations make: the adapter adds no column', async () => {
    const expected = getTableConfig(
      (payload.db as unknown as { tables: Record<string, never> }).tables.media!,
    ).columns.map((column) => column.name)
    const { rows } = await payload.db.pool.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'media'",
    )
    const inDatabase = rows.map((row) => row.column_name)
    expect(expected.filter((column) => !inDatabase.includes(column))).toEqual([])
  })
})

describe('serving images from the bucket', () => {
  let doc: MediaDoc

  beforeAll(async () => {
    doc = await upload(await picture('jpeg', 1200, 800), 'served.jpg')
  })

  it('serves an original with its type, nosniff, ETag, Last-Modified and an hour of caching; a matching If-None-Match is 304 without body', async () => {
    const response = await fetch(fileUrl(doc.filename))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(new Date(response.headers.get('last-modified')!).getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    )
    const tag = response.headers.get('etag')
    expect(tag).toMatch(/^"[^"]+"$/)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
    expect((await sharp(bytes).metadata()).width).toBe(1200)

    const again = await fetch(fileUrl(doc.filename), { headers: { 'if-none-match': tag! } })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
    expect(again.headers.get('etag')).toBe(tag)
    expect(again.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('serves a generated size as WebP, cached for 30 days', async () => {
    const response = await fetch(fileUrl(doc.sizes.card!.filename!))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('etag')).toBeTruthy()
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe('webp')
  })

  it("serves the type read from the bytes, not the bucket's metadata (a PNG named .jpg stored as text/html)", async () => {
    const png = await upload(await picture('png', 300, 200), 'disguised.jpg')
    // As a copy into the bucket by another tool might label it.
    const data = await picture('png', 300, 200)
    await bucket.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: png.filename,
        Body: data,
        ContentType: 'text/html',
      }),
    )
    const response = await fetch(fileUrl(png.filename))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(data)
    // A part of it too: the bucket itself would answer the range as text/html.
    const part = await fetch(fileUrl(png.filename), { headers: { range: 'bytes=50-99' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-type')).toBe('image/png')
    expect(part.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await part.arrayBuffer())).toEqual(data.subarray(50, 100))
  })

  it('answers a Range request with 206 and those bytes', async () => {
    const whole = Buffer.from(await (await fetch(fileUrl(doc.filename))).arrayBuffer())
    const part = await fetch(fileUrl(doc.filename), { headers: { range: 'bytes=100-299' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-299/${whole.length}`)
    // The same headers as the whole file: its true type, nosniff, its tag and lifetime.
    expect(part.headers.get('content-type')).toBe('image/jpeg')
    expect(part.headers.get('x-content-type-options')).toBe('nosniff')
    expect(part.headers.get('cache-control')).toBe('public, max-age=3600')
    const tag = part.headers.get('etag')!
    expect(tag).toMatch(/^"[^"]+"$/)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(100, 300))

    // While If-Range names the file the range is sent; once it names another, the whole file.
    const resumed = await fetch(fileUrl(doc.filename), {
      headers: { range: `bytes=${whole.length - 10}-`, 'if-range': tag },
    })
    expect(resumed.status).toBe(206)
    expect(Buffer.from(await resumed.arrayBuffer())).toEqual(whole.subarray(whole.length - 10))
    const changed = await fetch(fileUrl(doc.filename), {
      headers: { range: 'bytes=0-9', 'if-range': '"an-older-version"' },
    })
    expect(changed.status).toBe(200)
    expect(Buffer.from(await changed.arrayBuffer())).toEqual(whole)
  })

  it('answers 404 in the error envelope for a file not in the bucket, with or without Range', async () => {
    for (const headers of [{}, { range: 'bytes=0-10' }] as Record<string, string>[]) {
      const response = await fetch(fileUrl('nothing-here.jpg'), { headers })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ errors: [{ message: 'Not Found' }] })
    }
    const sneaky = await fetch(fileUrl('..%2F..%2Fetc%2Fpasswd'))
    expect([403, 404]).toContain(sneaky.status)
    const nested = await fetch(fileUrl(`x%2F${doc.filename}`))
    expect(nested.status).toBe(404)
  })
})

describe('deleting images from the bucket', () => {
  it('deletes the original and every size from the bucket with the document', async () => {
    const doc = await upload(await picture('jpeg', 2000, 1400), 'spare.jpg')
    const names = namesOf(doc)
    expect(names.length).toBe(4)
    for (const name of names) expect(await objectsInBucket()).toContain(name)
    const removed = await fetch(`${server.baseUrl}/api/media/${doc.id}`, {
      method: 'DELETE',
      headers: editor,
    })
    expect(removed.status).toBe(200)
    const left = await objectsInBucket()
    expect(names.filter((name) => left.includes(name))).toEqual([])
    expect((await fetch(fileUrl(doc.filename))).status).toBe(404)
  })
})
