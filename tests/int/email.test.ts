import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink'
import { restJson } from '../helpers/rest'
import { getTestPayload } from '../helpers/payload'

let smtp: SmtpSink
let payload: Payload

beforeAll(async () => {
  smtp = await startSmtpSink()
  payload = await getTestPayload({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    EMAIL_FROM: 'shop@example.com',
  })
})

afterAll(async () => {
  await smtp?.close()
})

describe('e-mail', () => {
  it('sends through the configured SMTP server', async () => {
    await payload.sendEmail({
      to: 'reader@example.com',
      subject: 'Hello from the shop',
      text: 'Hi',
    })
    const mail = await smtp.waitFor((received) => received.to.includes('reader@example.com'))
    expect(mail.subject).toBe('Hello from the shop')
    expect(mail.from).toBe('shop@example.com')
  })

  it("delivers Payload's password-reset message to the user", async () => {
    await payload.create({
      collection: 'users',
      data: { email: 'forgetful@example.com', password: 'old-password', role: 'editor' },
    })
    const response = await restJson('POST', '/api/users/forgot-password', {
      body: { email: 'forgetful@example.com' },
    })
    expect(response.status).toBe(200)
    const mail = await smtp.waitFor((received) => received.to.includes('forgetful@example.com'))
    expect(mail.subject).toMatch(/reset/i)
    expect(mail.raw).toMatch(/reset/i)
  })
})
