import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../scripts/lib/embeddedPostgres'
import { userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { multipartUpload, serveRestOverHttp, type RestOverHttp } from '../helpers/restOverHttp'

// The media bucket's service is down (nothing listens at S3_ENDPOINT): reading a file and
// uploading one say "try again" (503), not 500, and an upload that could not be stored leaves
// nothing behind. Before: both answered 500 (the AWS SDK's error passed through Payload).
const parent = await mkdtemp(path.join(os.tmpdir(), 'media-outage-test-'))
const directory = path.join(parent, 'media')
let payload: Payload
let server: RestOverHttp
let editor: Record<string, string>

beforeAll(async () => {
  payload = await getTestPayload({
    S3_BUCKET: 'media',
    S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'outage',
    S3_SECRET_ACCESS_KEY: 'outage',
    MEDIA_DIRECTORY: directory,
  })
  server = await serveRestOverHttp()
  editor = { authorization: `Bearer ${(await userWithToken(payload, 'editor')).token}` }
})

afterAll(async () => {
  await server?.stop()
  await rm(parent, { recursive: true, force: true })
})

describe('media while the bucket does not answer', () => {
  it('a file read is 503 with Retry-After, in the API error shape', async () => {
    const response = await fetch(`${server.baseUrl}/api/media/file/harbour-768x512.webp`)
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(await response.json()).toEqual({
      errors: [{ message: 'The media storage is not answering; try again in a few seconds' }],
    })
  })

  it('an upload is 503 and keeps nothing: no row, no file on disk', async () => {
    const image = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#4477aa' },
    })
      .jpeg()
      .toBuffer()
    const form = multipartUpload(
      { data: image, filename: 'harbour.jpg', contentType: 'image/jpeg' },
      { alt: 'Harbour' },
    )
    const before = (await payload.count({ collection: 'media' })).totalDocs
    const response = await fetch(`${server.baseUrl}/api/media`, {
      method: 'POST',
      headers: { ...editor, 'content-type': form.contentType },
      body: form.body,
    })
    expect(response.status).toBe(503)
    expect((await response.json()).errors[0].message).toMatch(/media storage is not answering/)
    expect((await payload.count({ collection: 'media' })).totalDocs).toBe(before)
    expect(existsSync(directory)).toBe(false)
  })
})
