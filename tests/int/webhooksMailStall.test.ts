import net from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let smtp: SmtpSink | undefined
/** A mail server that accepts connections and never says a word. */
let silent: net.Server
const silentSockets = new Set<net.Socket>()
let smtpPort: number
const workers = webhooks.processes

/** Every process sends its mail to the silent server, and retries notices at once and often. */
const mailEnv = () => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  SMTP_TIMEOUT_SECONDS: '2',
  WEBHOOK_NOTICE_RETRY_SECONDS: '0',
  WEBHOOK_NOTICE_INTERVAL_SECONDS: '0.3',
})

beforeAll(async () => {
  silent = net.createServer((socket) => {
    silentSockets.add(socket)
    socket.on('close', () => silentSockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  smtpPort = (silent.address() as net.AddressInfo).port
  // This test process runs the notice loop too (every process does): a third contender.
  payload = await webhooks.start(mailEnv())
  receiver = await webhooks.receiver((request) =>
    request.path.startsWith('/broken') ? { status: 500 } : { status: 200 },
  )
})

afterAll(async () => {
  workers.killAll()
  for (const socket of silentSockets) socket.destroy()
  await new Promise((resolve) => silent?.close(resolve))
  await smtp?.close()
})

describe('a subscription disabled while the mail server accepts connections and never greets', () => {
  // Before: the worker that disabled the subscriptions waited 30 s for each greeting (nodemailer's
  // default) inside its one chain of outcome writes; the healthy endpoints' deliveries it had
  // sent stayed `delivering` meanwhile, were sent again when their leases lapsed, and the
  // notices were lost (tried once, inline).
  it('holds up no delivery to the healthy endpoints, and its owner gets the notice exactly once when mail works again', async () => {
    const { apiKey, consumer } = await consumerWithKey(payload)
    const subscribe = async (path: string) => {
      const response = await restJson('POST', '/api/webhooks/subscriptions', {
        headers: { 'x-api-key': apiKey },
        body: { endpoint_url: receiver.url(path), events: ['order.created'] },
      })
      expect(response.status).toBe(201)
      return (response.body as { id: string }).id
    }
    // Three endpoints one failure away from being disabled (their test events will fail).
    const broken = [
      await subscribe('/broken-1'),
      await subscribe('/broken-2'),
      await subscribe('/broken-3'),
    ]
    await payload.db.drizzle.execute(
      sql`UPDATE webhook_subscriptions SET failure_count = 99 WHERE id IN ${broken}`,
    )
    const healthy = [await subscribe('/healthy-1'), await subscribe('/healthy-2')]

    await Promise.all([
      workers.start({ ...mailEnv(), WEBHOOK_LEASE_SECONDS: '35' }),
      workers.start({ ...mailEnv(), WEBHOOK_LEASE_SECONDS: '35' }),
    ])
    const activeOf = async (ids: string[]) =>
      (
        await payload.db.drizzle.execute<{ is_active: boolean }>(
          sql`SELECT is_active FROM webhook_subscriptions WHERE id IN ${ids}`,
        )
      ).rows.map((row) => row.is_active)
    await eventually(async () => (await activeOf(broken)).every((isActive) => !isActive), 30_000)

    // 100 events for the healthy endpoints: 200 deliveries (a few seconds' work normally).
    await emitEvents(payload, { type: 'order.created', count: 100 })
    const succeeded = async () =>
      (
        await payload.db.drizzle.execute<{ count: number }>(
          sql`SELECT count(*)::int AS count FROM webhook_deliveries
              WHERE subscription_id IN ${healthy} AND status = 'succeeded'`,
        )
      ).rows[0]!.count
    // Both test events and all 200 orders, recorded as sent.
    const isDone = await eventually(async () => (await succeeded()) === 202, 25_000).then(
      () => true,
      () => false,
    )
    expect.soft(isDone, `${await succeeded()} of 202 recorded within 25 s`).toBe(true)
    if (!isDone) await eventually(async () => (await succeeded()) === 202, 150_000)
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const path of ['/healthy-1', '/healthy-2']) {
      const ids = receiver
        .posts()
        .filter((post) => post.path === path)
        .map((post) => post.headers['webhook-id'])
      expect(ids, path).toHaveLength(101)
      expect(new Set(ids).size, path).toBe(101)
    }

    // Each notice was tried meanwhile, and given up on after the 2 s greeting timeout.
    const noticeRows = async () =>
      (
        await payload.db.drizzle.execute<{
          attempts: number
          last_error: string | null
          is_sent: boolean
          is_due: boolean
        }>(
          sql`SELECT attempts, last_error, sent_at IS NOT NULL AS is_sent,
                     next_attempt_at IS NOT NULL AS is_due
              FROM webhook_disable_notices WHERE subscription_id IN ${broken}`,
        )
      ).rows
    await eventually(async () => {
      const rows = await noticeRows()
      return rows.length === 3 && rows.every((row) => row.attempts >= 1)
    }, 30_000)
    for (const row of await noticeRows()) {
      expect(row).toMatchObject({ is_sent: false, is_due: true })
      expect(row.last_error).toMatch(/timeout|greeting/i)
    }

    // A working mail server on the same port: each owner's notice arrives, once.
    for (const socket of silentSockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
    smtp = await startSmtpSink(smtpPort)
    const notices = () =>
      smtp!.received.filter((mail) => mail.subject.startsWith('Webhook subscription disabled'))
    await eventually(() => notices().length >= 3, 30_000).catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(
      notices()
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(
      ['/broken-1', '/broken-2', '/broken-3'].map(
        (path) => `Webhook subscription disabled: ${receiver.url(path)}`,
      ),
    )
    for (const mail of notices()) expect(mail.to).toEqual([consumer.email])
    for (const row of await noticeRows())
      expect(row).toMatchObject({ is_sent: true, is_due: false })
  }, 300_000)
})
