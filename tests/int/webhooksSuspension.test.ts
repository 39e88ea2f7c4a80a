import { sql } from '@payloadcms/db-postgres'
import type { Pool } from 'pg'
import { type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { holdDeliveriesSql } from '../helpers/heldDeliveries'
import { consumerWithKey, userWithToken } from '../helpers/identities'
import { withOtherWriter, whileAnotherWriterCommits } from '../helpers/otherWriter'
import { deleteExpiredHistory } from '../../src/webhooks/worker/deleteExpiredHistory'
import { recoverLapsedLeases } from '../../src/webhooks/worker/recoverLapsedLeases'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'
import { eventually, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhookReceiver'

// Issue 49 item 5: an administrator suspends a subscription or a whole consumer, with a reason.
// The consumer cannot undo it; its deliveries are held (queued, not sent, not lost, counted as
// no failure) and go out, oldest first, when the suspension ends.

const webhooks = webhookHarness()
let payload: Payload
let pool: Pool
let receiver: WebhookReceiver
let admin: { authorization: string }
let adminId: number

/** How the receiver answers a delivery to a path (200 where none is set). */
const slowPaths = new Map<string, number>()

beforeAll(async () => {
  receiver = await webhooks.receiver((request) => ({
    status: 200,
    delayMs: request.method === 'POST' ? slowPaths.get(request.path) : undefined,
  }))
  payload = await webhooks.start()
  pool = (payload.db as unknown as { pool: Pool }).pool
  const signedIn = await userWithToken(payload, 'admin')
  admin = { authorization: `Bearer ${signedIn.token}` }
  adminId = Number(signedIn.user.id)
})

const postsTo = (path: string) =>
  receiver.posts().filter((post) => post.method === 'POST' && post.path === path)
/** The `step`s of the `order.paid` events received, in the order they arrived. */
const steps = (posts: ReceivedWebhook[]) =>
  posts
    .map((post) => JSON.parse(post.body) as { type: string; data: { step: number } })
    .filter((body) => body.type === 'order.paid')
    .map((body) => body.data.step)
/** Time for a delivery that should not go out to arrive anyway (workers poll every 20-100 ms). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600))

/**
 * Emits `order.paid` events about one order, one per step, in this order: the subscriptions
 * take events about one object in order (`ordered`), so "in order" is the engine's promise.
 */
const emitPaid = (steps: number[]) =>
  webhooks.emit(...steps.map((step) => ({ type: 'order.paid' as const, data: { id: 7, step } })))

/** A consumer with a subscription to `order.paid` at `path`, its test event received. */
async function subscribed(path: string, name = 'Suspended integrator') {
  const { apiKey, consumer } = await consumerWithKey(payload, name)
  const subscription = await webhooks.subscribe<{ id: string }>(apiKey, {
    endpoint_url: receiver.url(path),
    events: ['order.paid'],
    ordered: true,
  })
  await receiver.waitFor(() => postsTo(path).length >= 1)
  return { key: apiKey, consumerId: String(consumer.id), id: subscription.id }
}

const asAdmin = (method: 'PATCH' | 'GET', path: string, body?: unknown) =>
  restJson(method, path, { headers: admin, ...(body === undefined ? {} : { body }) })

const suspendSubscription = (id: string, reason: string) =>
  asAdmin('PATCH', `/api/webhook-subscriptions/${id}`, {
    suspended: true,
    suspensionReason: reason,
  })

const turnOn = (key: string, id: string) =>
  restJson('PATCH', `/webhooks/subscriptions/${id}`, {
    headers: { 'x-api-key': key },
    body: { is_active: true },
  })

const deliveriesOf = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute(
      sql`SELECT status, attempts::int AS attempts FROM webhook_deliveries
          WHERE subscription_id = ${subscriptionId} AND event_type = 'order.paid' ORDER BY id`,
    )
  ).rows as { status: string; attempts: number }[]

const failureCountOf = async (id: string) =>
  Number(
    (
      await payload.db.drizzle.execute(
        sql`SELECT failure_count FROM webhook_subscriptions WHERE id = ${id}`,
      )
    ).rows[0]?.failure_count,
  )

describe("an administrator's off (measured: the consumer's PATCH undid it)", () => {
  it('is a suspension with a reason, who and when: the consumer cannot turn it on, its deliveries wait and go out in order when it ends', async () => {
    await webhooks.worker({ pollMs: 20 })
    const { key, id } = await subscribed('/suspended')
    const reason = 'Receiver leaks buyer data (ticket 4711)'

    const suspended = await suspendSubscription(id, reason)
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200)
    await emitPaid([1, 2, 3])

    const refused = await turnOn(key, id)
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('conflict')
    expect(refused.body.error.message).toContain(`suspended by an administrator since`)
    expect(refused.body.error.message).toContain(reason)

    await settle()
    expect(steps(postsTo('/suspended'))).toEqual([])
    // Held: queued, never attempted, nothing counted against the endpoint.
    expect(await deliveriesOf(id)).toEqual([
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 0 },
    ])
    expect(await failureCountOf(id)).toBe(0)

    // The consumer sees it, and why, in the API (one subscription and the list).
    const seen = await restJson('GET', `/webhooks/subscriptions/${id}`, {
      headers: { 'x-api-key': key },
    })
    expect(seen.body.data.suspension).toEqual({ reason, since: expect.any(String) })
    expect(seen.body.data.is_active).toBe(true)
    const listed = await restJson('GET', '/webhooks/subscriptions', {
      headers: { 'x-api-key': key },
    })
    expect(listed.body.data.find((s: { id: string }) => s.id === id).suspension.reason).toBe(reason)
    // The row records who and when, for administrators (and the audit trail).
    const row = (await asAdmin('GET', `/api/webhook-subscriptions/${id}?depth=0`)).body
    expect(row).toMatchObject({ suspended: true, suspensionReason: reason, suspendedBy: adminId })
    expect(Date.parse(row.suspendedAt)).toBeGreaterThan(Date.now() - 60_000)

    const lifted = await asAdmin('PATCH', `/api/webhook-subscriptions/${id}`, { suspended: false })
    expect(lifted.status).toBe(200)
    expect(lifted.body.doc).toMatchObject({
      suspended: false,
      suspensionReason: null,
      suspendedAt: null,
      suspendedBy: null,
    })
    await receiver.waitFor(() => steps(postsTo('/suspended')).length >= 3)
    expect(steps(postsTo('/suspended'))).toEqual([1, 2, 3])
    await eventually(async () =>
      (await deliveriesOf(id)).every((d) => d.status === 'succeeded' && d.attempts === 1),
    )
    expect((await turnOn(key, id)).status).toBe(200)
  })

  it('an administrator unticking Active is refused, pointing to the suspension', async () => {
    const { key, id } = await subscribed('/unticked')
    const loaded = (await asAdmin('GET', `/api/webhook-subscriptions/${id}`)).body
    const saved = await asAdmin('PATCH', `/api/webhook-subscriptions/${id}`, {
      ...loaded,
      isActive: false,
    })
    expect(saved.status).toBe(400)
    expect(saved.body.errors[0].data.errors[0]).toMatchObject({
      path: 'isActive',
      message: expect.stringContaining('tick Suspended and give a reason'),
    })
    const seen = await restJson('GET', `/webhooks/subscriptions/${id}`, {
      headers: { 'x-api-key': key },
    })
    expect(seen.body.data.is_active).toBe(true)
    // Nor is a suspension without a reason.
    const noReason = await asAdmin('PATCH', `/api/webhook-subscriptions/${id}`, {
      suspended: true,
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors[0].data.errors[0].path).toBe('suspensionReason')
  })

  it('the consumer may still pause and resume its own subscription that no one suspended', async () => {
    const { key, id } = await subscribed('/own-switch')
    const paused = await restJson('PATCH', `/webhooks/subscriptions/${id}`, {
      headers: { 'x-api-key': key },
      body: { is_active: false },
    })
    expect(paused.status).toBe(200)
    expect((await turnOn(key, id)).status).toBe(200)
  })

  it("refuses the consumer's PATCH that waited behind the suspension, and its retry, with 409", async () => {
    const { key, id } = await subscribed('/retried')
    const answer = await withOtherWriter(pool, async (other) => {
      // The administrator's save, under way: it holds the row until it commits.
      await other.query(
        `UPDATE webhook_subscriptions SET suspended = true, suspension_reason = 'Chargeback fraud',
           suspended_at = now() WHERE id = $1`,
        [id],
      )
      return whileAnotherWriterCommits(pool, other, () => turnOn(key, id))
    })
    expect(answer.status).toBe(409)
    expect(answer.body.error.message).toContain('Chargeback fraud')
    const retried = await turnOn(key, id)
    expect(retried.status).toBe(409)
    expect(retried.body.error.message).toContain('Chargeback fraud')
  })

  it('refuses a send asked for now (test event, send now) with 409 naming the suspension', async () => {
    const { key, id } = await subscribed('/no-test')
    await suspendSubscription(id, 'Under review')
    const test = await restJson('POST', `/webhooks/subscriptions/${id}/test`, {
      headers: { 'x-api-key': key },
    })
    expect(test.status).toBe(409)
    expect(test.body.error.message).toContain('Under review')
  })
})

describe('held deliveries', () => {
  it('outlive the retention period, and a claim that lapsed while held goes back to the queue', async () => {
    const worker = await webhooks.worker({ pollMs: 20 })
    const { id } = await subscribed('/kept', 'Consumer kept')
    await suspendSubscription(id, 'Kept for a long review')
    await emitPaid([31, 32])
    await eventually(async () => (await deliveriesOf(id)).length === 2)
    // No worker from here on: nothing else moves these deliveries.
    await worker.stop()
    await webhooks.stopWorkers()
    // A worker died holding one of them (claimed just before the suspension landed).
    const { rows: first } = await pool.query<{ id: number }>(
      `SELECT min(id) AS id FROM webhook_deliveries
       WHERE subscription_id = $1 AND event_type = 'order.paid'`,
      [id],
    )
    await pool.query(holdDeliveriesSql(`now() - interval '1 second'`), [[first[0]!.id]])
    expect(await recoverLapsedLeases(pool)).toBeGreaterThanOrEqual(1)
    expect(await deliveriesOf(id)).toEqual([
      { status: 'failed', attempts: 1 },
      { status: 'pending', attempts: 0 },
    ])
    // Everything older than now would go; the held deliveries stay (the test event, sent, goes).
    await deleteExpiredHistory(pool, { retentionMs: -60_000 })
    expect(await deliveriesOf(id)).toHaveLength(2)
  })
})

describe('a suspended consumer', () => {
  it('has its key refused with 403 naming the suspension, its portal session ended, and its deliveries held until the suspension ends', async () => {
    await webhooks.worker({ pollMs: 20 })
    const { key, consumerId, id } = await subscribed('/consumer', 'Consumer to suspend')
    const site = { host: 'localhost:3000', origin: 'http://localhost:3000' }
    const link = await restJson('POST', '/webhooks/portal-sessions', {
      headers: { 'x-api-key': key },
    })
    const token = new URL(link.body.url).hash.replace(/^#token=/, '')
    const opened = await restJson('POST', '/webhooks/portal-sessions/exchange', {
      headers: site,
      body: { token },
    })
    expect(opened.status).toBe(200)
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!
    const unopened = await restJson('POST', '/webhooks/portal-sessions', {
      headers: { 'x-api-key': key },
    })

    const reason = 'Unpaid invoices since September'
    const suspended = await asAdmin('PATCH', `/api/consumers/${consumerId}`, {
      suspended: true,
      suspensionReason: reason,
    })
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200)
    await emitPaid([11, 12])

    const keyHeaders: Record<string, string>[] = [
      { 'x-api-key': key },
      { authorization: `consumers API-Key ${key}` },
    ]
    for (const headers of keyHeaders) {
      const refused = await restJson('GET', '/webhooks/subscriptions', { headers })
      expect(refused.status, JSON.stringify(headers)).toBe(403)
      expect(refused.body.error.message).toContain('This API consumer is suspended')
      expect(refused.body.error.message).toContain(reason)
    }
    // Payload's own routes do not know the key either.
    const me = await restJson('GET', '/api/consumers/me', {
      headers: { authorization: `consumers API-Key ${key}` },
    })
    expect(me.body.user ?? null).toBe(null)
    const session = await restJson('GET', '/webhooks/portal-sessions/current', {
      headers: { cookie, ...site },
    })
    expect(session.status).toBe(401)
    expect(session.body.error.message).toContain(reason)
    const lateLink = await restJson('POST', '/webhooks/portal-sessions/exchange', {
      headers: site,
      body: { token: new URL(unopened.body.url).hash.replace(/^#token=/, '') },
    })
    expect(lateLink.status).toBe(401)

    await settle()
    expect(steps(postsTo('/consumer'))).toEqual([])
    expect(await deliveriesOf(id)).toEqual([
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 0 },
    ])

    const lifted = await asAdmin('PATCH', `/api/consumers/${consumerId}`, { suspended: false })
    expect(lifted.status).toBe(200)
    await receiver.waitFor(() => steps(postsTo('/consumer')).length >= 2)
    expect(steps(postsTo('/consumer'))).toEqual([11, 12])
    expect(
      (await restJson('GET', '/webhooks/subscriptions', { headers: { 'x-api-key': key } })).status,
    ).toBe(200)
    // The session the suspension ended stays ended.
    expect(
      (
        await restJson('GET', '/webhooks/portal-sessions/current', {
          headers: { cookie, ...site },
        })
      ).status,
    ).toBe(401)
  })
})

describe('with worker processes', () => {
  it('a send in flight when the suspension lands finishes; nothing new goes until it is lifted, then all in order', async () => {
    await webhooks.stopWorkers()
    await webhooks.processes.start({ WEBHOOK_POLL_MS: '50' })
    await webhooks.processes.start({ WEBHOOK_POLL_MS: '50' })
    const { id } = await subscribed('/in-flight', 'Consumer mid-send')
    slowPaths.set('/in-flight', 1500)
    await emitPaid([21])
    await receiver.waitFor(() => steps(postsTo('/in-flight')).length >= 1)
    // The first send is at the receiver, unanswered, when the suspension commits.
    expect((await suspendSubscription(id, 'Paused for an audit')).status).toBe(200)
    slowPaths.delete('/in-flight')
    await emitPaid([22, 23, 24])
    await eventually(async () => (await deliveriesOf(id))[0]?.status === 'succeeded')
    await settle()
    expect(steps(postsTo('/in-flight'))).toEqual([21])
    expect((await deliveriesOf(id)).slice(1)).toEqual([
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 0 },
    ])

    expect(
      (await asAdmin('PATCH', `/api/webhook-subscriptions/${id}`, { suspended: false })).status,
    ).toBe(200)
    await receiver.waitFor(() => steps(postsTo('/in-flight')).length >= 4)
    expect(steps(postsTo('/in-flight'))).toEqual([21, 22, 23, 24])
    expect(await failureCountOf(id)).toBe(0)
  })
})
