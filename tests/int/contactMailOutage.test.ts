import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink'
import { restJson } from '../helpers/rest'
import { getTestPayload } from '../helpers/payload'
import { ensureFirstUserExists } from '../helpers/identities'

let payload: Payload
let smtpPort: number
let smtp: SmtpSink | undefined

beforeAll(async () => {
  // A port where no mail server listens yet: take a free one and give it back.
  const probe = await startSmtpSink()
  smtpPort = probe.port
  await probe.close()
  payload = await getTestPayload({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    // Retry at once and often, instead of after a minute, doubling.
    INQUIRY_NOTIFY_RETRY_SECONDS: '0',
    INQUIRY_NOTIFY_INTERVAL_SECONDS: '0.3',
  })
  await ensureFirstUserExists(payload)
})

afterAll(async () => {
  await smtp?.close()
})

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('a contact submission while the mail server is down', () => {
  it('is stored and answered, and its e-mail is sent once the server is back', async () => {
    const response = await restJson('POST', '/api/contact', {
      body: { name: 'Patient Person', email: 'patient@example.com', message: 'Hello?' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ success: true })

    const inquiry = async () =>
      (
        await payload.find({
          collection: 'inquiries',
          where: { name: { equals: 'Patient Person' } },
        })
      ).docs[0]!
    // Tried and failed, at least twice (the request's own attempt, then the retry loop).
    await waitUntil(async () => ((await inquiry()).notifyAttempts ?? 0) >= 2)
    expect((await inquiry()).notifiedAt).toBeFalsy()
    expect((await inquiry()).notifyError).toMatch(/ECONNREFUSED|connect/i)

    smtp = await startSmtpSink(smtpPort)
    const mail = await smtp.waitFor((m) => m.subject === 'New inquiry from Patient Person', 15_000)
    expect(mail.to).toEqual(['first-admin@example.com'])
    await waitUntil(async () => Boolean((await inquiry()).notifiedAt))
    // Sent once: later rounds of the retry loop leave a notified inquiry alone.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(smtp.received.filter((m) => m.subject === mail.subject)).toHaveLength(1)
  })
})
