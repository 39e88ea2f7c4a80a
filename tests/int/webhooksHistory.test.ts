import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { type WebhookReceiver } from '../helpers/webhookReceiver'
import { deleteExpiredHistory } from '../../src/webhooks/worker/deleteExpiredHistory'
import { emitEvent } from '../../src/webhooks/operations/emitEvent'
import { inTransaction, postgres } from '../../src/db/transaction'
import { fanOut } from '../../src/webhooks/worker/fanOut'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let pool: Pool
let receiver: WebhookReceiver
let subscriptionId: string

const retentionMs = 30 * 86_400_000

beforeAll(async () => {
  receiver = await webhooks.receiver()
  payload = await webhooks.start()
  pool = postgres(payload).pool
  const apiKey = await webhooks.consumerKey('Historian')
  const created = await webhooks.subscribe(apiKey, {
    endpoint_url: receiver.url('/history'),
    events: ['order.created'],
  })
  subscriptionId = created.id
})

/** Emits `count` order.created events and fans them out (no worker runs: nothing is sent). */
async function emitAndFanOut(count: number) {
  const req = await createLocalReq({}, payload)
  await inTransaction(req, async () => {
    for (let id = 1; id <= count; id++) {
      await emitEvent({ req, type: 'order.created', data: { id } })
    }
  })
  expect(await fanOut(pool)).toMatchObject({ events: count, deliveries: count })
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
    sql`UPDATE webhook_deliveries SET status = ${status}::enum_webhook_deliveries_status,
          next_attempt_at = CASE WHEN ${status} IN ('pending', 'failed', 'delivering')
            THEN coalesce(next_attempt_at, now()) END
        WHERE id::text = ANY(${`{${deliveryIds.join(',')}}`}::text[])`,
  )
}

const without = (all: string[], gone: string[]) => all.filter((id) => !gone.includes(id)).sort()

/** Each delivery's id and its event's id, in the order they were queued. */
const deliveryEvents = async () =>
  (
    await pool.query<{ delivery: string; event: string }>(
      'SELECT id::text AS delivery, event_id AS event FROM webhook_deliveries ORDER BY id',
    )
  ).rows

describe('deleting history past the retention period', () => {
  it('deletes old deliveries with their attempts, then the old events no delivery refers to, in batches, except what is being sent', async () => {
    await emitAndFanOut(9)
    // The subscription's test event and nine order.created events, each with its one delivery
    // (the event log holds the payload once; the delivery refers to it).
    const pairs = await deliveryEvents()
    expect(pairs).toHaveLength(10)
    const events = (await ids('webhook_events')).sort()
    expect(events).toEqual(pairs.map((pair) => pair.event).sort())
    const deliveries = pairs.map((pair) => pair.delivery)
    const eventOf = (delivery: string) => pairs.find((pair) => pair.delivery === delivery)!.event

    // Every event is past retention but one, just inside it.
    const [oldPending, oldFailed, oldSucceeded, oldDead, oldDelivering, recentDead] = deliveries
    await age('webhook_events', events, 40)
    await age('webhook_events', [eventOf(recentDead!)], 29)
    // Deliveries: old ones in every status a cleanup may take, four of them (exactly two
    // batches), an old one being sent, one just inside retention; the other four are new.
    await setStatus([oldFailed!], 'failed')
    await setStatus([oldSucceeded!], 'succeeded')
    await setStatus([oldDead!, recentDead!], 'dead')
    await setStatus([oldDelivering!], 'delivering')
    const oldDeliveries = [oldPending!, oldFailed!, oldSucceeded!, oldDead!]
    await age('webhook_deliveries', [...oldDeliveries, oldDelivering!], 40)
    await age('webhook_deliveries', [recentDead!], 29)
    // The old succeeded delivery's attempt is in the attempt log.
    await pool.query(
      `INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, duration_ms, response_status)
       VALUES ($1, 1, now() - interval '40 days', 3, 200)`,
      [oldSucceeded],
    )

    const deleted = await deleteExpiredHistory(pool, { retentionMs, batchSize: 2 })
    // The four old deliveries, and their four events; the old events of the new deliveries
    // and of the one being sent stay, for their payloads.
    expect(deleted).toEqual({ events: 4, deliveries: 4 })
    expect((await ids('webhook_deliveries')).sort()).toEqual(without(deliveries, oldDeliveries))
    expect((await ids('webhook_events')).sort()).toEqual(
      without(events, oldDeliveries.map(eventOf)),
    )
    const { rows: attempts } = await pool.query('SELECT 1 FROM webhook_attempts')
    expect(attempts).toHaveLength(0)

    // Nothing else is old enough: a second run deletes nothing.
    expect(await deleteExpiredHistory(pool, { retentionMs, batchSize: 2 })).toEqual({
      events: 0,
      deliveries: 0,
    })

    // Once its send has ended, the old delivery goes with the next run, and its event with it.
    await setStatus([oldDelivering!], 'failed')
    expect(await deleteExpiredHistory(pool, { retentionMs, batchSize: 2 })).toEqual({
      events: 1,
      deliveries: 1,
    })
    expect(await ids('webhook_deliveries')).not.toContain(oldDelivering)
    expect(await ids('webhook_events')).not.toContain(eventOf(oldDelivering!))
    // The subscription itself, and what is recent, are untouched.
    const stored = await payload.findByID({
      collection: 'webhook-subscriptions',
      id: subscriptionId,
    })
    expect(stored.id).toBe(subscriptionId)
    expect(await ids('webhook_events')).toHaveLength(5)
    expect(await ids('webhook_deliveries')).toHaveLength(5)
  })
})
