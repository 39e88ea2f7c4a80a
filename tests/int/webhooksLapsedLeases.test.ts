import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { signalGroup } from '../helpers/processGroups'
import { eventually, type Answer, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { rest, restJson } from '../helpers/rest'
import { holdDeliveriesSql } from '../helpers/heldDeliveries'
import { deleteExpiredHistory } from '../../src/webhooks/worker/deleteExpiredHistory'
import { recoverLapsedLeases } from '../../src/webhooks/worker/recoverLapsedLeases'
import { postgres } from '../../src/db/transaction'
import { webhookHarness } from '../helpers/webhookHarness'

// Metrics answer only with a token; the workers run with it as the app does.
const token = 'lapsed-leases-metrics-token-0123456789'
const settings = { METRICS_TOKEN: token }

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let apiKey: string
let answer: Answer = 'hang'
const workers = webhooks.processes

beforeAll(async () => {
  receiver = await webhooks.receiver(() => answer)
  payload = await webhooks.start(settings)
  apiKey = await webhooks.consumerKey()
})

const subscribe = async (path: string) =>
  (
    await webhooks.subscribe(apiKey, {
      endpoint_url: receiver.url(path),
      events: ['order.created'],
      timeout_seconds: 10,
    })
  ).id

const setActive = async (id: string, isActive: boolean) =>
  expect(
    (
      await restJson('PATCH', `/api/webhooks/subscriptions/${id}`, {
        headers: { 'x-api-key': apiKey },
        body: { is_active: isActive },
      })
    ).status,
  ).toBe(200)

const deliveriesOf = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute<{ id: number; status: string }>(
      sql`SELECT id, status::text FROM webhook_deliveries
          WHERE subscription_id = ${subscriptionId} ORDER BY id`,
    )
  ).rows

/** The `delivering` gauge as `GET /api/metrics` reports it. */
async function deliveringGauge() {
  const response = await rest('GET', '/api/metrics', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  const series = 'webhook_queue_depth{status="delivering"} '
  const line = (await response.text()).split('\n').find((text) => text.startsWith(series))
  return Number(line?.slice(series.length))
}

/** Makes the subscription's one delivery look held by a worker whose lease ended (or not). */
async function heldDelivery(subscriptionId: string, lease: 'lapsed' | 'live', ageDays = 0) {
  const pool = postgres(payload).pool
  const { rows } = await pool.query<{ id: number }>(
    `UPDATE webhook_deliveries SET created_at = now() - make_interval(days => $2)
     WHERE subscription_id = $1 RETURNING id`,
    [subscriptionId, ageDays],
  )
  const leaseEnd =
    lease === 'lapsed' ? `now() - interval '1 minute'` : `now() + interval '1 minute'`
  await pool.query(holdDeliveriesSql(leaseEnd), [[rows[0]!.id]])
  return rows[0]!.id
}

/** The deliveries its subscription's row counts as in flight (`in_flight`), by id. */
const inFlightOf = async (subscriptionId: string) =>
  (
    await postgres(payload).pool.query<{ ids: string[] }>(
      `SELECT ARRAY(SELECT jsonb_object_keys(in_flight)) AS ids
       FROM webhook_subscriptions WHERE id = $1`,
      [subscriptionId],
    )
  ).rows[0]!.ids.map(Number)

describe('deliveries a killed worker held, on a subscription deactivated since', () => {
  // Before: the three rows stayed `delivering` (and the gauge at 3) for good; the worker
  // running beside them never looked at them while the subscription was inactive.
  it('go back to the queue once their leases lapse, unsent meanwhile, and are sent when it is enabled again', async () => {
    const subscriptionId = await subscribe('/abandoned')
    await emitEvents(payload, { type: 'order.created', count: 2 })
    const postsTo = () => receiver.posts().filter((post) => post.path === '/abandoned')

    // The test event and both orders are being sent when the worker is killed.
    const doomed = await workers.start({ ...settings, WEBHOOK_LEASE_SECONDS: '35' })
    await receiver.waitFor(() => postsTo().length === 3)
    signalGroup(doomed, 'SIGKILL')
    await new Promise((resolve) => doomed.once('exit', resolve))
    await setActive(subscriptionId, false)
    expect((await deliveriesOf(subscriptionId)).map((row) => row.status)).toEqual([
      'delivering',
      'delivering',
      'delivering',
    ])
    expect(await deliveringGauge()).toBe(3)

    const survivor = await workers.start({ ...settings, WEBHOOK_LEASE_SECONDS: '35' })
    // Once the leases lapsed (35 s after the claim), the running worker returns them to the
    // queue without sending them.
    await eventually(
      async () => (await deliveriesOf(subscriptionId)).every((row) => row.status !== 'delivering'),
      70_000,
    ).catch(() => {})
    expect((await deliveriesOf(subscriptionId)).map((row) => row.status)).toEqual([
      'failed',
      'failed',
      'failed',
    ])
    expect(await deliveringGauge()).toBe(0)
    expect(postsTo()).toHaveLength(3)

    // Enabled again, each is sent once more, and lands.
    answer = { status: 200 }
    await setActive(subscriptionId, true)
    await eventually(async () =>
      (await deliveriesOf(subscriptionId)).every((row) => row.status === 'succeeded'),
    )
    const ids = postsTo().map((post) => post.headers['webhook-id'])
    expect(ids).toHaveLength(6)
    expect(new Set(ids).size).toBe(3)
    for (const id of new Set(ids)) expect(ids.filter((each) => each === id)).toHaveLength(2)
    signalGroup(survivor, 'SIGTERM')
    await new Promise((resolve) => survivor.once('exit', resolve))
  }, 180_000)
})

describe('a delivery left `delivering` after its lease lapsed', () => {
  // Before: 409 "The delivery is being sent right now; try again shortly", for good.
  it('can be retried by hand; one whose lease still runs cannot', async () => {
    const lapsed = await heldDelivery(await subscribe('/retry-lapsed'), 'lapsed')
    const retried = await restJson('POST', `/api/webhooks/deliveries/${lapsed}/retry`, {
      headers: { 'x-api-key': apiKey },
    })
    expect(retried.status).toBe(202)
    expect(retried.body.data).toMatchObject({ id: lapsed, status: 'pending' })

    const live = await heldDelivery(await subscribe('/retry-live'), 'live')
    const refused = await restJson('POST', `/api/webhooks/deliveries/${live}/retry`, {
      headers: { 'x-api-key': apiKey },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toMatch(/being sent right now/)
  })

  // Before: the lapsed delivery outlived its retention (0 deleted).
  it('leaves its subscription’s in-flight count once retried by hand (at the next recovery); a live one stays counted', async () => {
    const lapsedOn = await subscribe('/count-lapsed')
    const lapsed = await heldDelivery(lapsedOn, 'lapsed')
    const liveOn = await subscribe('/count-live')
    const live = await heldDelivery(liveOn, 'live')
    expect(await inFlightOf(lapsedOn)).toEqual([lapsed])
    const retried = await restJson('POST', `/api/webhooks/deliveries/${lapsed}/retry`, {
      headers: { 'x-api-key': apiKey },
    })
    expect(retried.status).toBe(202)
    // Its subscription is active: nothing to send back to the queue, but the entry goes.
    expect(await recoverLapsedLeases(postgres(payload).pool)).toBe(0)
    expect(await inFlightOf(lapsedOn)).toEqual([])
    expect(await inFlightOf(liveOn)).toEqual([live])
  })

  it('is deleted with the history past retention; one whose lease still runs is kept', async () => {
    const lapsed = await heldDelivery(await subscribe('/old-lapsed'), 'lapsed', 40)
    const live = await heldDelivery(await subscribe('/old-live'), 'live', 40)
    const pool = postgres(payload).pool
    await deleteExpiredHistory(pool, { retentionMs: 30 * 86_400_000 })
    const { rows } = await payload.db.drizzle.execute<{ id: number }>(
      sql`SELECT id FROM webhook_deliveries WHERE id IN (${lapsed}, ${live})`,
    )
    expect(rows.map((row) => row.id)).toEqual([live])
  })
})
