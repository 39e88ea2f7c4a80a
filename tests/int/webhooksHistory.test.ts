import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startWebhookReceiver } from '../helpers/webhookReceiver'

let payload: Payload
let pool: Pool
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let deleteExpiredHistory: typeof import('../../src/webhooks/worker/deleteExpiredHistory').deleteExpiredHistory
let subscriptionId: string

const retentionMs = 30 * 86_400_000

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  payload = await (await import('../helpers/payload')).getTestPayload()
  pool = (await import('../../src/db/transaction')).postgres(payload).pool
  deleteExpiredHistory = (await import('../../src/webhooks/worker/deleteExpiredHistory'))
    .deleteExpiredHistory
  await (await import('../../seed/webhooks')).seedWebhookEventTypes(payload)
  const { consumerWithKey } = await import('../helpers/identities')
  const { apiKey } = await consumerWithKey(payload, 'Historian')
  const { restJson } = await import('../helpers/rest')
  const created = await restJson('POST', '/api/webhooks/subscriptions', {
    headers: { 'x-api-key': apiKey },
    body: { endpoint_url: receiver.url('/history'), events: ['order.created'] },
  })
  expect(created.status).toBe(201)
  subscriptionId = created.body.id
})

afterAll(async () => {
  await receiver?.close()
})

/** Emits `count` order.created events and fans them out (no worker runs: nothing is sent). */
async function emitAndFanOut(count: number) {
  const { emitEvent } = await import('../../src/webhooks/operations/emitEvent')
  const { inTransaction } = await import('../../src/db/transaction')
  const { fanOut } = await import('../../src/webhooks/worker/fanOut')
  const req = await createLocalReq({}, payload)
  await inTransaction(req, async () => {
    for (let id = 1; id <= count; id++) {
      await emitEvent({ req, type: 'order.created', data: { id } })
    }
  })
  expect(await fanOut(pool)).toEqual({ events: count, deliveries: count })
}

const ids = async (table: 'webhook_events' | 'webhook_deliveries') =>
  (
    await payload.db.drizzle.execute(sql`SELECT id::text AS id FROM ${sql.identifier(table)}`)
  ).rows.map((row) => String(row.id))

/** Moves rows back in time: events by `occurred_at`, deliveries by `created_at`. */
async function age(table: 'webhook_events' | 'webhook_deliveries', rowIds: string[], days: number) {
  const column = table === 'webhook_events' ? 'occurred_at' : 'created_at'
  await payload.db.drizzle.execute(
    sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = now() - make_interval(days => ${days})
        WHERE id::text = ANY(${`{${rowIds.join(',')}}`}::text[])`,
  )
}

async function setStatus(deliveryIds: string[], status: string) {
  await payload.db.drizzle.execute(
    sql`UPDATE webhook_deliveries SET status = ${status}::enum_webhook_deliveries_status
        WHERE id::text = ANY(${`{${deliveryIds.join(',')}}`}::text[])`,
  )
}

const without = (all: string[], gone: string[]) => all.filter((id) => !gone.includes(id)).sort()

describe('deleting history past the retention period', () => {
  it('deletes exactly the old events and deliveries, in batches, except deliveries being sent', async () => {
    await emitAndFanOut(9)
    const events = (await ids('webhook_events')).sort()
    expect(events).toHaveLength(9)
    // The test event of the subscription, plus one delivery per order.created event.
    const deliveries = (await ids('webhook_deliveries')).sort((a, b) => Number(a) - Number(b))
    expect(deliveries).toHaveLength(10)

    // Events: five past retention (more than two batches of two), one just inside it.
    const oldEvents = events.slice(0, 5)
    await age('webhook_events', oldEvents, 40)
    await age('webhook_events', [events[5]!], 29)

    // Deliveries: old ones in every status a cleanup may take, four of them (exactly two
    // batches), an old one being sent, and one just inside retention.
    const [oldPending, oldFailed, oldSucceeded, oldDead, oldDelivering, recentDead] = deliveries
    await setStatus([oldFailed!], 'failed')
    await setStatus([oldSucceeded!], 'succeeded')
    await setStatus([oldDead!, recentDead!], 'dead')
    await setStatus([oldDelivering!], 'delivering')
    const oldDeliveries = [oldPending!, oldFailed!, oldSucceeded!, oldDead!]
    await age('webhook_deliveries', [...oldDeliveries, oldDelivering!], 40)
    await age('webhook_deliveries', [recentDead!], 29)

    const deleted = await deleteExpiredHistory(pool, { retentionMs, batchSize: 2 })
    expect(deleted).toEqual({ events: 5, deliveries: 4 })
    expect((await ids('webhook_events')).sort()).toEqual(without(events, oldEvents))
    expect((await ids('webhook_deliveries')).sort()).toEqual(without(deliveries, oldDeliveries))
    expect(await ids('webhook_deliveries')).toContain(oldDelivering)

    // Nothing else is old enough: a second run deletes nothing.
    expect(await deleteExpiredHistory(pool, { retentionMs, batchSize: 2 })).toEqual({
      events: 0,
      deliveries: 0,
    })

    // Once its send has ended, the old delivery goes with the next run.
    await setStatus([oldDelivering!], 'failed')
    expect(await deleteExpiredHistory(pool, { retentionMs, batchSize: 2 })).toEqual({
      events: 0,
      deliveries: 1,
    })
    expect(await ids('webhook_deliveries')).not.toContain(oldDelivering)
    // The subscription itself, and what is recent, are untouched.
    const stored = await payload.findByID({
      collection: 'webhook-subscriptions',
      id: subscriptionId,
    })
    expect(stored.id).toBe(subscriptionId)
    expect(await ids('webhook_events')).toHaveLength(4)
    expect(await ids('webhook_deliveries')).toHaveLength(5)
  })
})
