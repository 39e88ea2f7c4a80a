import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { eventually } from '../helpers/webhookReceiver'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { recordOutcomes } from '../../src/webhooks/worker/recordOutcomes'
import { postgres } from '../../src/db/transaction'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let pool: Pool

beforeAll(async () => {
  payload = await webhooks.start()
  pool = postgres(payload).pool
})

/**
 * Two subscriptions, each with its test delivery claimed (as a worker holds it), in the order
 * Postgres sorts their ids.
 */
async function twoSubscriptionsWithDeliveries() {
  const { apiKey } = await consumerWithKey(payload, 'Locking consumer')
  const ids: string[] = []
  for (const path of ['/a', '/b']) {
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: `https://receiver.example${path}`, events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    ids.push(created.body.id)
  }
  await pool.query(
    `UPDATE webhook_deliveries
     SET status = 'delivering', attempts = 1, lease_expires_at = now() + interval '1 minute'
     WHERE subscription_id = ANY($1::varchar[])`,
    [ids],
  )
  const { rows } = await pool.query<{
    subscription_id: string
    delivery_id: number
    lease_expires_at: Date
  }>(
    `SELECT s.id AS subscription_id, d.id AS delivery_id, d.lease_expires_at
     FROM webhook_subscriptions s JOIN webhook_deliveries d ON d.subscription_id = s.id
     WHERE s.id = ANY($1::varchar[]) ORDER BY s.id`,
    [ids],
  )
  expect(rows).toHaveLength(2)
  return rows
}

const success = (row: {
  subscription_id: string
  delivery_id: number
  lease_expires_at: Date
}) => ({
  deliveryId: row.delivery_id,
  subscriptionId: row.subscription_id,
  leaseExpiresAt: row.lease_expires_at,
  isSuccess: true,
  status: 'succeeded' as const,
  nextAttemptAt: null,
  responseStatus: 200,
  responseBody: 'ok',
  error: null,
  durationMs: 3,
  attempt: 1,
  isManual: false,
  attemptedAt: new Date(),
  signature: 'v1,test',
})

describe('recording outcomes while another worker records its own', () => {
  it('waits its turn instead of deadlocking when the batches list subscriptions in opposite orders', async () => {
    const [low, high] = await twoSubscriptionsWithDeliveries()

    // Another worker's batch is half written: it holds the first subscription and will want
    // the second.
    const other = await pool.connect()
    try {
      await other.query('BEGIN')
      await other.query('UPDATE webhook_subscriptions SET failure_count = 0 WHERE id = $1', [
        low!.subscription_id,
      ])

      // This worker's batch lists the subscriptions the other way round.
      const recording = recordOutcomes(payload, pool, [success(high!), success(low!)], {
        backoffBaseMs: 5000,
        backoffMaxMs: 3_600_000,
      }).then(
        () => 'recorded',
        (error: Error) => `failed: ${error.message}`,
      )
      await eventually(async () => {
        const { rows } = await pool.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        )
        return rows.length > 0
      })

      await other.query('UPDATE webhook_subscriptions SET failure_count = 0 WHERE id = $1', [
        high!.subscription_id,
      ])
      await other.query('COMMIT')
      expect(await recording).toBe('recorded')
    } finally {
      other.release()
    }

    const { rows } = await pool.query(
      `SELECT d.status, s.last_delivery_at IS NOT NULL AS delivered
       FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
       WHERE d.id = ANY($1::int[])`,
      [[low!.delivery_id, high!.delivery_id]],
    )
    expect(rows).toEqual([
      { status: 'succeeded', delivered: true },
      { status: 'succeeded', delivered: true },
    ])
  })
})
