import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { restJson } from '../helpers/rest'
import { consumerWithKey } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { postgres } from '../../src/db/transaction'
import { seedWebhookEventTypes } from '../../seed/webhooks'

/*
 * How many subscriptions one consumer may have (WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER): each
 * one multiplies every fan-out, so the create beyond the bound is refused with 409 and nothing
 * is stored; inactive subscriptions count (they can be switched on again). Here the bound is 3.
 */

let payload: Payload
let pool: Pool

const limit = 3

beforeAll(async () => {
  payload = await getTestPayload({ WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER: String(limit) })
  pool = postgres(payload).pool
  await seedWebhookEventTypes(payload)
})

/** A consumer of its own, and what it calls the API with. */
async function newConsumer(name: string) {
  const { consumer, apiKey } = await consumerWithKey(payload, name)
  return { id: String(consumer.id), headers: { 'x-api-key': apiKey } }
}

type Consumer = Awaited<ReturnType<typeof newConsumer>>

let endpoints = 0

/** `POST /webhooks/subscriptions` to an endpoint of its own (nothing listens: the probe fails). */
function subscribe(consumer: Consumer) {
  endpoints += 1
  return restJson('POST', '/webhooks/subscriptions', {
    headers: consumer.headers,
    body: { endpoint_url: `http://127.0.0.1:9/hook-${endpoints}`, events: ['order.created'] },
  })
}

async function subscribeExpecting(consumer: Consumer, status: number) {
  const response = await subscribe(consumer)
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  return response
}

/** The consumer's stored subscriptions and the deliveries queued for them. */
async function stored(consumer: Consumer) {
  const { rows } = await pool.query<{ subscriptions: number; deliveries: number }>(
    `SELECT (SELECT count(*)::int FROM webhook_subscriptions WHERE consumer_id = $1) AS subscriptions,
            (SELECT count(*)::int FROM webhook_deliveries d
               JOIN webhook_subscriptions s ON s.id = d.subscription_id
             WHERE s.consumer_id = $1) AS deliveries`,
    [consumer.id],
  )
  return rows[0]!
}

describe('subscriptions per consumer', () => {
  it('refuses the one beyond the bound with 409 naming the bound, and stores nothing', async () => {
    const consumer = await newConsumer('Limit: at the bound')
    for (let n = 1; n <= limit; n++) await subscribeExpecting(consumer, 201)

    const refused = await subscribeExpecting(consumer, 409)
    expect(refused.body).toEqual({
      error: {
        code: 'conflict',
        // The bound in numbers; the setting that makes it is the operator's, not named here.
        message:
          'You have 3 subscriptions, the most allowed (inactive ones count): delete one you ' +
          'no longer need before creating another',
      },
    })
    // Neither a subscription nor its test delivery.
    expect(await stored(consumer)).toEqual({ subscriptions: 3, deliveries: 3 })
    const list = await restJson('GET', '/webhooks/subscriptions', { headers: consumer.headers })
    expect(list.body.data).toHaveLength(3)
  })

  it('counts inactive subscriptions, and allows one more once one is deleted', async () => {
    const consumer = await newConsumer('Limit: delete one')
    const ids: string[] = []
    for (let n = 1; n <= limit; n++) ids.push((await subscribeExpecting(consumer, 201)).body.id)

    const paused = await restJson('PATCH', `/webhooks/subscriptions/${ids[0]}`, {
      headers: consumer.headers,
      body: { is_active: false },
    })
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    await subscribeExpecting(consumer, 409)

    const deleted = await restJson('DELETE', `/webhooks/subscriptions/${ids[1]}`, {
      headers: consumer.headers,
    })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    await subscribeExpecting(consumer, 201)
    await subscribeExpecting(consumer, 409)
    expect((await stored(consumer)).subscriptions).toBe(3)
  })

  it('bounds each consumer apart: another consumer still subscribes', async () => {
    const full = await newConsumer('Limit: full')
    for (let n = 1; n <= limit; n++) await subscribeExpecting(full, 201)
    await subscribeExpecting(full, 409)

    const other = await newConsumer('Limit: other')
    for (let n = 1; n <= limit; n++) await subscribeExpecting(other, 201)
    expect((await stored(other)).subscriptions).toBe(3)
  })

  it('lets exactly one of five creates racing for the last place through', async () => {
    const consumer = await newConsumer('Limit: racing')
    for (let n = 1; n < limit; n++) await subscribeExpecting(consumer, 201)

    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribe(consumer)))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([
      201, 409, 409, 409, 409,
    ])
    expect(await stored(consumer)).toEqual({ subscriptions: 3, deliveries: 3 })
  })
})
