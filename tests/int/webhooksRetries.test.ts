import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { consumerWithKey } from '../helpers/identities'
import { emitEvent } from '../../src/webhooks/operations/emitEvent'
import { inTransaction } from '../../src/db/transaction'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let smtp: SmtpSink
let receiver: WebhookReceiver
let worker: { stop: () => Promise<void> } | undefined
let apiKey: string
let consumerEmail: string

beforeAll(async () => {
  smtp = await startSmtpSink()
  receiver = await webhooks.receiver(() => ({ status: 500 }))
  payload = await webhooks.start({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) })
  const created = await consumerWithKey(payload, 'Retrying consumer')
  apiKey = created.apiKey
  consumerEmail = created.consumer.email
})

afterEach(async () => {
  await worker?.stop()
  worker = undefined
})

afterAll(async () => {
  await smtp?.close()
})

const subscribe = (path: string) =>
  webhooks.subscribe(apiKey, { endpoint_url: receiver.url(path), events: ['order.created'] })

async function emitOrders(count: number) {
  const req = await createLocalReq({}, payload)
  await inTransaction(req, async () => {
    for (let id = 1; id <= count; id++) {
      await emitEvent({ req, type: 'order.created', data: { id, status: 'pending', total: id } })
    }
  })
}

/** An endpoint back-off of milliseconds instead of seconds to an hour. */
const briefBackoff = { backoffBaseMs: 1, backoffMaxMs: 5 }

const deliveriesOf = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute(
      sql`SELECT status, attempts::int AS attempts FROM webhook_deliveries WHERE subscription_id = ${subscriptionId}`,
    )
  ).rows as { status: string; attempts: number }[]

describe('retries', () => {
  it('follow the schedule (with jitter) and end in dead after the last attempt', async () => {
    const schedule = [0, 150, 300, 450]
    const subscription = await subscribe('/schedule')
    // The endpoint's back-off (a pause before each probe) is made shorter than the schedule,
    // so that the delivery's own schedule decides when it is retried.
    worker = await webhooks.worker({
      pollMs: 20,
      retrySchedule: schedule,
      ...briefBackoff,
    })
    const posts = await receiver.waitFor(
      (all) => all.filter((p) => p.path === '/schedule').length >= 4,
    )
    const attempts = posts.filter((p) => p.path === '/schedule')
    expect(new Set(attempts.map((p) => p.headers['webhook-id'])).size).toBe(1)
    for (let attempt = 1; attempt < 4; attempt++) {
      const gap = attempts[attempt]!.at - attempts[attempt - 1]!.at
      expect(gap).toBeGreaterThanOrEqual(schedule[attempt]! * 0.9 - 5)
    }
    await eventually(async () => (await deliveriesOf(subscription.id))[0]?.status === 'dead')
    expect(await deliveriesOf(subscription.id)).toEqual([{ status: 'dead', attempts: 4 }])
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(receiver.posts().filter((p) => p.path === '/schedule')).toHaveLength(4)
  })

  it('honour Retry-After on 503', async () => {
    receiver.setAnswer((request) =>
      request.path === '/busy' && receiver.posts().filter((p) => p.path === '/busy').length === 1
        ? { status: 503, headers: { 'retry-after': '1' } }
        : request.path === '/busy'
          ? { status: 200 }
          : { status: 500 },
    )
    const subscription = await subscribe('/busy')
    worker = await webhooks.worker({
      pollMs: 20,
      retrySchedule: [0, 50, 50],
      ...briefBackoff,
    })
    const posts = await receiver.waitFor((all) => all.filter((p) => p.path === '/busy').length >= 2)
    const busy = posts.filter((p) => p.path === '/busy')
    expect(busy[1]!.at - busy[0]!.at).toBeGreaterThanOrEqual(900)
    await eventually(async () => (await deliveriesOf(subscription.id))[0]?.status === 'succeeded')
    receiver.setAnswer(() => ({ status: 500 }))
  })
})

describe('a subscription that keeps failing', () => {
  it('is disabled at exactly 100 consecutive failed attempts and its owner gets exactly one e-mail', async () => {
    const subscription = await subscribe('/failing')
    await emitOrders(10)
    worker = await webhooks.worker({
      pollMs: 20,
      retrySchedule: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      ...briefBackoff,
    })
    const stored = await eventually(async () => {
      const doc = await payload.findByID({
        collection: 'webhook-subscriptions',
        id: subscription.id,
      })
      return doc.isActive === false ? doc : null
    }, 60_000)
    expect(stored!.disabledAt).toBeTruthy()
    // After the first failure the endpoint backs off: one probe at a time, so the count moves
    // one attempt at a time and stops at exactly 100.
    expect(stored!.failureCount).toBe(100)
    const mail = await smtp.waitFor(
      (received) =>
        received.to.includes(consumerEmail) && received.subject.includes(receiver.url('/failing')),
    )
    expect(mail.raw).toContain(subscription.id)

    // Nothing more is sent to a disabled subscription, and no second e-mail follows.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const sent = receiver.posts().filter((p) => p.path === '/failing').length
    expect(sent).toBe(100)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(receiver.posts().filter((p) => p.path === '/failing')).toHaveLength(sent)
    // Other subscriptions of this file's consumer fail too; this one's notice came once.
    const notices = smtp.received.filter(
      (received) =>
        received.to.includes(consumerEmail) && received.subject.includes(receiver.url('/failing')),
    )
    expect(notices).toHaveLength(1)
    // Eleven deliveries (the test event and ten orders) shared the failures; none went past
    // the schedule's ten attempts, and only those that used them all are dead.
    const deliveries = await deliveriesOf(subscription.id)
    expect(deliveries).toHaveLength(11)
    expect(deliveries.reduce((sum, d) => sum + d.attempts, 0)).toBe(sent)
    for (const delivery of deliveries) {
      expect(delivery.attempts).toBeLessThanOrEqual(10)
      expect(delivery.status).toBe(delivery.attempts === 10 ? 'dead' : 'failed')
    }
  })
})
