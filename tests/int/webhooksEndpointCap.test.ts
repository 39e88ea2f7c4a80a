import type { Payload } from 'payload'
import pg, { type Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimDeliveries } from '../../src/webhooks/worker/claimDeliveries'
import { holdDeliveriesSql } from '../helpers/heldDeliveries'
import { consumerWithKey } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { postgres } from '../../src/db/transaction'

/*
 * An endpoint's concurrency cap holds across workers even when two claims overlap: a claim that
 * started just before another worker's claim committed, and reached the subscription just
 * after, used to count that claim's deliveries as not yet in flight and sent one more
 * (an isolation test once saw 11 sends to an endpoint capped at 10).
 */

let payload: Payload
let pool: Pool

/** Subscriptions claimed for before the capped one: the claim takes a while to reach it. */
const othersCount = 100_000

beforeAll(async () => {
  payload = await getTestPayload()
  pool = postgres(payload).pool
})

afterAll(async () => {
  await pool.query(`DELETE FROM webhook_deliveries`)
  await pool.query(`DELETE FROM webhook_subscriptions`)
})

/**
 * Adds active subscriptions of one consumer with these ids, in this order (the claim meets them
 * in this order whichever way it joins: list order, table order and id order agree).
 */
async function addSubscriptions(consumerId: string, ids: string[]) {
  await pool.query(
    `INSERT INTO webhook_subscriptions (id, consumer_id, endpoint_url, secret, events, is_active,
       headers, timeout_seconds, failure_count)
     SELECT id, $1, 'http://127.0.0.1:9/' || id, 'whsec_x', '["*"]'::jsonb, true, '{}', 10, 0
     FROM unnest($2::varchar[]) WITH ORDINALITY AS t(id, n) ORDER BY n`,
    [consumerId, ids],
  )
}

describe('an endpoint with a concurrency cap of 1', () => {
  it('gets no second send from a claim that overlapped another worker’s claim of its one slot', async () => {
    const { consumer } = await consumerWithKey(payload, 'Cap consumer')
    const others = Array.from({ length: othersCount }, (_, n) => `a-${String(n).padStart(6, '0')}`)
    const capped = 'z-capped'
    await addSubscriptions(String(consumer.id), [...others, capped])
    const { rows: deliveries } = await pool.query<{ id: number }>(
      `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
         event_seq, status, attempts, next_attempt_at)
       SELECT $1, gen_random_uuid()::text, 'order.paid', now(),
         nextval(pg_get_serial_sequence('webhook_outbox', 'seq')), 'pending', 0, now() - interval '1 s'
       FROM generate_series(1, 2)
       RETURNING id`,
      [capped],
    )

    // Worker B's connection plans as a worker's does once warm: generic plans of its prepared
    // statements (a first, custom plan of a claim for 100,000 ids joins them differently).
    const workerB = new pg.Pool({
      connectionString: pool.options.connectionString,
      options: '-c plan_cache_mode=force_generic_plan',
      max: 1,
    })
    const workerBPid = (await workerB.query('SELECT pg_backend_pid() AS pid')).rows[0].pid
    // Worker A claims the endpoint's one slot, as a claim does, and has not committed yet.
    const workerA = await pool.connect()
    try {
      await workerA.query('BEGIN')
      await workerA.query(
        `SELECT id FROM webhook_subscriptions WHERE id = $1 FOR NO KEY UPDATE SKIP LOCKED`,
        [capped],
      )
      await workerA.query(holdDeliveriesSql(`now() + interval '1 minute'`), [[deliveries[0]!.id]])

      // Worker B claims for many subscriptions, the capped one last; A commits while B's claim
      // runs, before B has reached the capped subscription.
      const claimB = claimDeliveries(workerB, {
        subscriptionIds: [...others, capped],
        limit: 10,
        leaseMs: 60_000,
        endpointConcurrency: 1,
      })
      // B is on its way once it has taken its first row lock (its transaction then has an id):
      // its snapshot is taken, and the capped subscription, last of 100,001, not reached yet.
      const hasClaimStarted = async () =>
        (
          await pool.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE pid = $1 AND backend_xid IS NOT NULL`,
            [workerBPid],
          )
        ).rows[0].n > 0
      const deadline = Date.now() + 10_000
      while (!(await hasClaimStarted())) {
        if (Date.now() > deadline) throw new Error('B’s claim never started')
        await new Promise((resolve) => setImmediate(resolve))
      }
      await workerA.query('COMMIT')
      await claimB
    } finally {
      workerA.release()
      await workerB.end()
    }

    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries
       WHERE subscription_id = $1 AND status = 'delivering'`,
      [capped],
    )
    expect(rows[0]!.n, 'sends in flight to the endpoint capped at 1').toBe(1)
  })

  it('is not named as having more once its one slot is taken, so the worker does not claim for it again at once (a loop that never slept, measured in CI)', async () => {
    const { consumer } = await consumerWithKey(payload, 'Full consumer')
    const full = 'y-full'
    await addSubscriptions(String(consumer.id), [full])
    await pool.query(
      `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
         event_seq, status, attempts, next_attempt_at)
       SELECT $1, gen_random_uuid()::text, 'order.paid', now(),
         nextval(pg_get_serial_sequence('webhook_outbox', 'seq')), 'pending', 0, now() - interval '1 s'
       FROM generate_series(1, 2)`,
      [full],
    )
    const claim = () =>
      claimDeliveries(pool, {
        subscriptionIds: [full],
        limit: 10,
        leaseMs: 60_000,
        endpointConcurrency: 1,
      })
    const first = await claim()
    expect(first.deliveries, 'the slot taken').toHaveLength(1)
    const second = await claim()
    expect(second.deliveries, 'nothing more while the slot is taken').toEqual([])
    expect(second.mayHaveMore, 'subscriptions to claim for again at once').toEqual([])
  })
})
