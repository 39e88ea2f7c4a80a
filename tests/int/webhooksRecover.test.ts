import { sql } from '@payloadcms/db-postgres'
import { type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { eventually, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhookReceiver'
import type { WebhookEventName } from '../../src/webhooks/eventCatalogue'
import { restJson } from '../helpers/rest'
import { userWithToken } from '../helpers/identities'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let worker: { stop: () => Promise<void> } | undefined
let keyA: string
let keyB: string

const asA = () => ({ 'x-api-key': keyA })
const asB = () => ({ 'x-api-key': keyB })

/** Paths whose deliveries the receiver refuses with a 500 (the others get a 200). */
const failingPaths = new Set<string>()

beforeAll(async () => {
  receiver = await webhooks.receiver((request) =>
    failingPaths.has(request.path) ? { status: 500 } : { status: 200 },
  )
  payload = await webhooks.start()
  keyA = await webhooks.consumerKey('Recovering consumer')
  keyB = await webhooks.consumerKey('Another consumer')
})

afterEach(async () => {
  await worker?.stop()
  worker = undefined
})

const subscribe = (path: string, events: string[]) =>
  webhooks.subscribe<{ id: string; created_at: string }>(keyA, {
    endpoint_url: receiver.url(path),
    events,
  })

const recover = (id: string, body: unknown, headers: Record<string, string> = asA()) =>
  restJson('POST', `/api/webhooks/subscriptions/${id}/recover`, { headers, body })

const setActive = async (id: string, isActive: boolean) => {
  const response = await restJson('PATCH', `/api/webhooks/subscriptions/${id}`, {
    headers: asA(),
    body: { is_active: isActive },
  })
  expect(response.status).toBe(200)
  expect(response.body.data.is_active).toBe(isActive)
}

/** Emits one event of `type` per id, each in its own transaction, as business changes do. */
const emit = (type: WebhookEventName, ids: number[]) =>
  webhooks.emit(...ids.map((id) => ({ type, data: { id } })))

/** Waits until `check` returns something (polling), and returns it. */
const found = <T>(check: () => Promise<T | null>) => eventually(check) as Promise<T>

/**
 * The ids of the events of `type` with these `data.id`s, in the order of `ids`, once the worker
 * has moved all of them to the event log.
 */
async function loggedEventIds(type: string, ids: number[]) {
  return found(async () => {
    const { rows } = await payload.db.drizzle.execute(
      sql`SELECT id::text AS id, (data->>'id')::int AS data_id FROM webhook_events WHERE type = ${type}`,
    )
    const byDataId = new Map(
      (rows as { id: string; data_id: number }[]).map((row) => [row.data_id, row.id]),
    )
    return ids.every((id) => byDataId.has(id)) ? ids.map((id) => byDataId.get(id)!) : null
  })
}

const postsTo = (path: string) => receiver.posts().filter((post) => post.path === path)
const typeOf = (post: ReceivedWebhook) => JSON.parse(post.body).type as string
const webhookIds = (posts: ReceivedWebhook[]) => posts.map((post) => post.headers['webhook-id']!)
const sorted = (values: string[]) => [...values].sort()
/** Time for a wrong delivery to arrive before counting (the worker polls every 20 ms). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

const deliveriesOf = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute(
      sql`SELECT event_id, event_type, status, attempts::int AS attempts, occurred_at
          FROM webhook_deliveries WHERE subscription_id = ${subscriptionId} ORDER BY id`,
    )
  ).rows as {
    event_id: string
    event_type: string
    status: string
    attempts: number
    occurred_at: string | Date
  }[]

describe('events missed while a subscription was inactive', () => {
  it('are not delivered, and recover queues exactly those, once', async () => {
    worker = await webhooks.worker({ pollMs: 20 })
    const subscription = await subscribe('/paused', ['order.paid'])
    await receiver.waitFor(() => postsTo('/paused').length >= 1)
    expect(postsTo('/paused').map(typeOf)).toEqual(['webhook.test'])

    await setActive(subscription.id, false)
    await emit('order.paid', [101, 102, 103])
    // A type the subscription does not ask for: never queued for it.
    await emit('order.created', [104])
    const missed = await loggedEventIds('order.paid', [101, 102, 103])
    await loggedEventIds('order.created', [104])
    await setActive(subscription.id, true)
    await settle()
    // Re-enabling alone sends nothing: they were never queued.
    expect(postsTo('/paused')).toHaveLength(1)
    expect((await deliveriesOf(subscription.id)).map((d) => d.event_type)).toEqual(['webhook.test'])

    const since = subscription.created_at
    const recovered = await recover(subscription.id, { since })
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(202)
    expect(recovered.body).toEqual({
      data: { queued: 3, since: new Date(since).toISOString(), until: expect.any(String) },
    })
    expect(Date.parse(recovered.body.data.until)).toBeGreaterThan(Date.parse(since))

    // Recovering the same window while they are on their way queues nothing twice.
    const whileSending = await recover(subscription.id, { since })
    expect(whileSending.status).toBe(202)
    expect(whileSending.body.data.queued).toBe(0)

    await receiver.waitFor(() => postsTo('/paused').length >= 4)
    const delivered = postsTo('/paused').filter((post) => typeOf(post) === 'order.paid')
    expect(sorted(webhookIds(delivered))).toEqual(sorted(missed))
    expect(delivered.map((post) => JSON.parse(post.body).id)).toEqual(webhookIds(delivered))
    expect(sorted(delivered.map((post) => String(JSON.parse(post.body).data.id)))).toEqual([
      '101',
      '102',
      '103',
    ])
    await eventually(async () =>
      (await deliveriesOf(subscription.id)).every((d) => d.status === 'succeeded'),
    )

    // And once they have arrived, recovering the window again queues nothing either.
    const again = await recover(subscription.id, { since })
    expect(again.status).toBe(202)
    expect(again.body.data.queued).toBe(0)
    await settle()
    expect(postsTo('/paused')).toHaveLength(4)
    expect(sorted((await deliveriesOf(subscription.id)).map((d) => d.event_id))).toHaveLength(4)
  })
})

describe('an event that happened before the subscription was created', () => {
  it('is not queued by recover, while a later one is delivered as usual', async () => {
    worker = await webhooks.worker({ pollMs: 20 })
    const before = new Date(Date.now() - 1000).toISOString()
    await emit('order.updated', [201])
    await loggedEventIds('order.updated', [201])

    const subscription = await subscribe('/late', ['order.updated'])
    await emit('order.updated', [202])
    const [later] = await loggedEventIds('order.updated', [202])
    await receiver.waitFor(() => postsTo('/late').some((post) => typeOf(post) === 'order.updated'))
    await eventually(async () =>
      (await deliveriesOf(subscription.id)).every((d) => d.status === 'succeeded'),
    )

    const recovered = await recover(subscription.id, { since: before })
    expect(recovered.status).toBe(202)
    expect(recovered.body.data.queued).toBe(0)
    await settle()
    const updates = postsTo('/late').filter((post) => typeOf(post) === 'order.updated')
    expect(webhookIds(updates)).toEqual([later])
  })
})

describe('deliveries given up', () => {
  it('are queued once more by recover, within its window', async () => {
    failingPaths.add('/given-up')
    worker = await webhooks.worker({
      pollMs: 20,
      retrySchedule: [0],
      // A back-off of milliseconds, so that the endpoint is probed at once after recover.
      backoffBaseMs: 1,
      backoffMaxMs: 5,
    })
    const subscription = await subscribe('/given-up', ['product.updated'])
    await emit('product.updated', [301])
    await loggedEventIds('product.updated', [301])
    // Later than the first event, so that a window can end between the two.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await emit('product.updated', [302])
    const [first, second] = await loggedEventIds('product.updated', [301, 302])

    // One attempt each (the schedule has one): the test event and both events end dead.
    const dead = await found(async () => {
      const deliveries = await deliveriesOf(subscription.id)
      return deliveries.length === 3 && deliveries.every((d) => d.status === 'dead')
        ? deliveries
        : null
    })
    expect(postsTo('/given-up')).toHaveLength(3)
    const testEventId = dead.find((d) => d.event_type === 'webhook.test')!.event_id
    const secondOccurredAt = new Date(dead.find((d) => d.event_id === second)!.occurred_at)

    failingPaths.delete('/given-up')
    // A window ending before the second event: the test event and the first only.
    const since = new Date(Date.parse(subscription.created_at) - 60_000).toISOString()
    const until = new Date(secondOccurredAt.getTime() - 1).toISOString()
    const windowed = await recover(subscription.id, { since, until })
    expect(windowed.status, JSON.stringify(windowed.body)).toBe(202)
    expect(windowed.body.data).toEqual({ queued: 2, since, until })
    await receiver.waitFor(() => postsTo('/given-up').length >= 5)
    await settle()
    expect(sorted(webhookIds(postsTo('/given-up').slice(3)))).toEqual(sorted([testEventId, first!]))

    // Without `until`: up to now, so the second; the others succeeded and stay as they are.
    const rest = await recover(subscription.id, { since })
    expect(rest.status).toBe(202)
    expect(rest.body.data.queued).toBe(1)
    await receiver.waitFor(() => postsTo('/given-up').length >= 6)
    expect(webhookIds(postsTo('/given-up').slice(5))).toEqual([second!])
    const final = await found(async () => {
      const deliveries = await deliveriesOf(subscription.id)
      return deliveries.every((d) => d.status === 'succeeded') ? deliveries : null
    })
    // The same deliveries, each with one more attempt: nothing was queued twice.
    expect(final.map((d) => [d.event_id, d.attempts])).toEqual(
      dead.map((d) => [d.event_id, d.attempts + 1]),
    )
    expect((await recover(subscription.id, { since })).body.data.queued).toBe(0)
    await settle()
    expect(postsTo('/given-up')).toHaveLength(6)
  })
})

describe('asking for a recover', () => {
  it("answers 404 for another consumer's subscription or an unknown one, and queues nothing", async () => {
    const subscription = await subscribe('/kept', ['inquiry.created'])
    const since = new Date(Date.now() - 60_000).toISOString()
    const others = await recover(subscription.id, { since }, asB())
    expect(others.status).toBe(404)
    expect(others.body.error.code).toBe('not_found')
    const unknown = await recover('00000000-0000-4000-8000-000000000000', { since })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('not_found')
  })

  it('answers 400 for a window outside the retention period or backwards, or a bad body', async () => {
    const subscription = await subscribe('/bad-windows', ['inquiry.created'])
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

    const tooOld = await recover(subscription.id, { since: daysAgo(31) })
    expect(tooOld.status).toBe(400)
    expect(tooOld.body.error.code).toBe('bad_request')
    expect(tooOld.body.error.message).toMatch(/retention/)
    // The retention period itself is fine.
    expect((await recover(subscription.id, { since: daysAgo(29) })).status).toBe(202)

    const backwards = await recover(subscription.id, { since: daysAgo(1), until: daysAgo(2) })
    expect(backwards.status).toBe(400)
    expect(backwards.body.error.code).toBe('bad_request')
    // One instant for both ends (two calls of daysAgo may fall in different milliseconds).
    const dayAgo = daysAgo(1)
    const empty = await recover(subscription.id, { since: dayAgo, until: dayAgo })
    expect(empty.status).toBe(400)

    for (const body of [
      {},
      { since: 'yesterday' },
      { since: '2026-01-15T00:00:00' },
      { since: daysAgo(1), extra: true },
    ]) {
      const response = await recover(subscription.id, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error.code).toBe('validation_failed')
    }
  })

  it('answers 401 without credentials and 403 to a logged-in user', async () => {
    const subscription = await subscribe('/guarded', ['inquiry.created'])
    const since = new Date(Date.now() - 60_000).toISOString()
    expect((await recover(subscription.id, { since }, {})).status).toBe(401)
    const { token } = await userWithToken(payload, 'admin')
    const user = await recover(subscription.id, { since }, { authorization: `Bearer ${token}` })
    expect(user.status).toBe(403)
  })
})
