import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'

import { POST as graphqlRoute } from '../../src/app/(payload)/api/graphql/route'
import { userWithToken, type UserWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { rest, restJson } from '../helpers/rest'
import { multipartUpload } from '../helpers/restOverHttp'
import { handInConfig } from '../helpers/testConfig'

// A browser sends an admin's `payload-token` cookie with any request to the app, whatever page
// asked for it (SameSite=Lax only keeps it from other registrable domains). Before: with
// SERVER_URL unset, Payload took the cookie from any Origin: a page on another origin made a new
// admin (201), recorded an admin action with `Content-Type: text/plain` (200).

let payload: Payload
let admin: UserWithToken
/** The app as the in-process handlers see it (tests/helpers/rest.ts). */
const site = 'http://localhost:3000'
const elsewhere = 'https://evil.example'

beforeAll(async () => {
  payload = await getTestPayload()
  admin = await userWithToken(payload, 'admin')
})

const cookie = () => ({ cookie: `payload-token=${admin.token}` })
const newEmail = () => `made-${randomBytes(4).toString('hex')}@example.com`

/** A multipart body of one field, `_payload`, as the admin panel's forms send a document. */
function documentForm(fields: Record<string, unknown>) {
  const boundary = `----form${randomBytes(6).toString('hex')}`
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n` +
    `${JSON.stringify(fields)}\r\n--${boundary}--\r\n`
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** `POST /api/users` as the admin panel's form sends it: multipart, the fields in `_payload`. */
async function createUser(headers: Record<string, string>, role = 'admin') {
  const email = newEmail()
  const form = documentForm({ email, password: 'a-long-password-1', role })
  const response = await rest('POST', '/api/users', {
    headers: { ...headers, 'content-type': form.contentType },
    rawBody: form.body,
  })
  const found = await payload.find({ collection: 'users', where: { email: { equals: email } } })
  return { status: response.status, body: await response.json(), isCreated: found.docs.length > 0 }
}

describe("an admin's cookie", () => {
  it('creates nothing from another origin: 403 before anything runs', async () => {
    const made = await createUser({ ...cookie(), origin: elsewhere })
    expect(made.status).toBe(403)
    expect(made.isCreated).toBe(false)
    expect(JSON.stringify(made.body)).toContain(elsewhere)
  })

  it('records no admin action from another origin, whatever the content type', async () => {
    const before = await payload.count({ collection: 'audit-log' })
    for (const contentType of ['text/plain', 'application/json']) {
      const answer = await restJson('POST', '/api/admin-action', {
        headers: { ...cookie(), origin: elsewhere, 'content-type': contentType },
        rawBody: JSON.stringify({ action: 'probe' }),
      })
      expect(answer.status, contentType).toBe(403)
      expect(answer.body.error).toContain(elsewhere)
    }
    expect((await payload.count({ collection: 'audit-log' })).totalDocs).toBe(before.totalDocs)
  })

  it('uploads nothing from another origin', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer()
    const upload = multipartUpload(
      { data: png, filename: 'cross.png', contentType: 'image/png' },
      { alt: 'Cross-origin' },
    )
    const answer = await rest('POST', '/api/media', {
      headers: { ...cookie(), origin: elsewhere, 'content-type': upload.contentType },
      rawBody: upload.body as unknown as string,
    })
    expect(answer.status).toBe(403)
    const found = await payload.find({
      collection: 'media',
      where: { alt: { equals: 'Cross-origin' } },
    })
    expect(found.docs).toEqual([])
  })

  it('changes nothing through GraphQL from another origin', async () => {
    const email = newEmail()
    const response = await graphqlRoute(
      new Request(`${site}/api/graphql`, {
        method: 'POST',
        headers: { ...cookie(), origin: elsewhere, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `mutation { createUser(data: { email: "${email}", password: "a-long-password-1", role: admin }) { id } }`,
        }),
      }),
    )
    expect(response.status).toBe(403)
    const found = await payload.find({ collection: 'users', where: { email: { equals: email } } })
    expect(found.docs).toEqual([])
  })

  it('works as before from the app itself: its Origin, or without one its Referer', async () => {
    expect((await createUser({ ...cookie(), origin: site }, 'editor')).status).toBe(201)
    const referred = await createUser({ ...cookie(), referer: `${site}/admin/collections/users` })
    expect(referred.status).toBe(201)
    const neither = await createUser(cookie())
    expect(neither.status).toBe(403)
    expect(neither.isCreated).toBe(false)
    // Reading changes nothing: a cookie reads from anywhere.
    const read = await restJson('GET', '/api/users/me', {
      headers: { ...cookie(), origin: elsewhere },
    })
    expect(read.status).toBe(200)
    expect(read.body.user.id).toBe(admin.user.id)
  })

  it('works from an origin named in ADMIN_ORIGINS', async () => {
    onTestFinished(handInConfig(payload, { ADMIN_ORIGINS: 'https://admin.shop.example' }))
    const made = await createUser({ ...cookie(), origin: 'https://admin.shop.example' }, 'editor')
    expect(made.status).toBe(201)
    expect((await createUser({ ...cookie(), origin: elsewhere })).status).toBe(403)
  })

  it('with SERVER_URL, works from SERVER_URL only', async () => {
    onTestFinished(handInConfig(payload, { SERVER_URL: 'https://shop.example' }))
    expect(
      (await createUser({ ...cookie(), origin: 'https://shop.example' }, 'editor')).status,
    ).toBe(201)
    expect((await createUser({ ...cookie(), origin: site })).status).toBe(403)
  })
})

describe('Bearer tokens and API keys', () => {
  it('are unaffected: a token is sent by a client that holds it, from anywhere', async () => {
    const made = await createUser(
      { authorization: `Bearer ${admin.token}`, origin: elsewhere },
      'editor',
    )
    expect(made.status).toBe(201)
  })
})

describe('JSON endpoints', () => {
  it('refuse a body that is not application/json with 415', async () => {
    const before = await payload.count({ collection: 'audit-log' })
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const answer = await restJson('POST', '/api/admin-action', {
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': contentType,
        },
        rawBody: JSON.stringify({ action: 'probe' }),
      })
      expect(answer.status, contentType || '(none)').toBe(415)
      expect(answer.body.error).toContain('Content-Type: application/json')
    }
    expect((await payload.count({ collection: 'audit-log' })).totalDocs).toBe(before.totalDocs)
    const json = await restJson('POST', '/api/admin-action', {
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json; charset=utf-8',
      },
      rawBody: JSON.stringify({ action: 'probe' }),
    })
    expect(json.status).toBe(200)
  })
})
