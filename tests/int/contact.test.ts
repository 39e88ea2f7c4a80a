import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink'
import { handInConfig } from '../helpers/testConfig'
import { restJson } from '../helpers/rest'
import { userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'

let smtp: SmtpSink
let payload: Payload
let admins: string[]
let clientNumber = 0

beforeAll(async () => {
  smtp = await startSmtpSink()
  payload = await getTestPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) })
  const admin = await userWithToken(payload, 'admin')
  admins = ['first-admin@example.com', admin.email]
})

afterAll(async () => {
  await smtp?.close()
})

/** Each call comes from its own client address unless told otherwise (the limit is per address). */
const submit = (body: unknown, address = `198.51.100.${++clientNumber}`) =>
  restJson('POST', '/api/contact', { body, headers: { 'x-forwarded-for': address } })

const valid = { name: 'Jane Roe', email: 'jane@example.com', message: 'Do you ship to Oslo?' }

describe('POST /api/contact', () => {
  it('stores a new inquiry, answers success and e-mails every admin naming the sender', async () => {
    const response = await submit(valid)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ success: true })
    const { docs } = await payload.find({
      collection: 'inquiries',
      where: { email: { equals: 'jane@example.com' } },
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ ...valid, status: 'new' })

    const mail = await smtp.waitFor((received) => received.subject === 'New inquiry from Jane Roe')
    expect(mail.to.sort()).toEqual([...admins].sort())
    expect(mail.raw).toContain('Do you ship to Oslo?')
    expect(mail.raw).toMatch(/^Reply-To: jane@example.com/im)
  })

  it('sends to ADMIN_NOTIFY_EMAILS when it is set', async () => {
    const restore = handInConfig(payload, {
      ADMIN_NOTIFY_EMAILS: 'desk@example.com, owner@example.com',
    })
    try {
      await submit({ ...valid, name: 'Configured Recipients' })
      const mail = await smtp.waitFor((m) => m.subject === 'New inquiry from Configured Recipients')
      expect(mail.to.sort()).toEqual(['desk@example.com', 'owner@example.com'])
    } finally {
      restore()
    }
  })

  it('keeps CR and LF in the name from adding headers', async () => {
    const response = await submit({ ...valid, name: 'Eve\r\nBcc: victim@example.com' })
    expect(response.status).toBe(200)
    const mail = await smtp.waitFor((m) => m.subject.startsWith('New inquiry from Eve'))
    expect(mail.subject).toBe('New inquiry from Eve Bcc: victim@example.com')
    expect(mail.raw).not.toMatch(/^Bcc:/im)
    expect(mail.to).not.toContain('victim@example.com')
  })

  it.each([
    [{ email: 'a@example.com', message: 'Hi' }, 'name'],
    [{ name: 'A', message: 'Hi' }, 'email'],
    [{ name: 'A', email: 'a@example.com' }, 'message'],
    [{ name: '   ', email: 'a@example.com', message: 'Hi' }, 'name'],
    [{ name: 'A', email: 'not-an-address', message: 'Hi' }, 'email'],
    [{ name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }, 'message'],
    [{ name: 'A'.repeat(201), email: 'a@example.com', message: 'Hi' }, 'name'],
  ])('answers 400 naming what is wrong: %j', async (body, field) => {
    const before = (await payload.count({ collection: 'inquiries' })).totalDocs
    const response = await submit(body)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: expect.stringContaining(field) })
    expect((await payload.count({ collection: 'inquiries' })).totalDocs).toBe(before)
  })

  it('accepts a message of exactly 5,000 characters', async () => {
    const response = await submit({ ...valid, message: 'y'.repeat(5000) })
    expect(response.status).toBe(200)
  })

  it('answers 400 to a body that is not a JSON object', async () => {
    expect((await submit(undefined)).status).toBe(400)
    const malformed = await restJson('POST', '/api/contact', {
      rawBody: '{"name":',
      headers: { 'x-forwarded-for': '198.51.100.250' },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({ error: expect.any(String) })
  })

  it('limits one client address to 5 submissions in 10 minutes', async () => {
    const statuses = []
    for (let index = 0; index < 6; index++) {
      statuses.push((await submit({ ...valid, name: `Flood ${index}` }, '203.0.113.9')).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const refused = await submit(valid, '203.0.113.9')
    expect(refused.body).toEqual({ error: expect.any(String) })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await submit(valid, '203.0.113.10')).status).toBe(200)
  })

  it('shows inquiries to admins only, who can mark them handled', async () => {
    const admin = await userWithToken(payload, 'admin')
    const editor = await userWithToken(payload, 'editor')
    const asEditor = await restJson('GET', '/api/inquiries', {
      headers: { authorization: `Bearer ${editor.token}` },
    })
    expect(asEditor.status).toBe(403)
    const list = await restJson('GET', '/api/inquiries?limit=1', {
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(list.status).toBe(200)
    const [inquiry] = list.body.docs
    const handled = await restJson('PATCH', `/api/inquiries/${inquiry.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      body: { status: 'handled' },
    })
    expect(handled.status).toBe(200)
    expect(handled.body.doc.status).toBe('handled')
    const forged = await restJson('POST', '/api/inquiries', {
      headers: { authorization: `Bearer ${admin.token}` },
      body: valid,
    })
    expect(forged.status).toBe(403)
  })
})
