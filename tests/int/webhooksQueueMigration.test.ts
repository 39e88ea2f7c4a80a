import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type { MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { claimDeliveries, findDueSubscriptions } from '@/webhooks/worker/claimDeliveries'
import { migrations } from '../../migrations'
import { dropDatabase } from '../../scripts/lib/embeddedPostgres'

// The migration that gives the worker its narrow queue (migrations/*_delivery_queue.ts), run on
// a database migrated up to the one before it and holding deliveries in every state, as an
// operator's database would when they upgrade.
const queueMigration = migrations.findIndex((migration) =>
  migration.name.endsWith('_delivery_queue'),
)
const database = `${inject('templateDatabase')}_queue_migration_${process.pid}`
const url = inject('serverUrlTemplate').replace('__database__', database)
let pool: pg.Pool

const runMigrations = async (upTo: number, from = 0) => {
  const db = drizzle(pool)
  for (const migration of migrations.slice(from, upTo)) {
    await migration.up({ db } as unknown as MigrateUpArgs)
  }
}

const subscription = 'sub-migrated'
const ordered = 'sub-ordered'
/** The deliveries waiting at the upgrade, by what they are. */
const before = {
  pendingDue: { status: 'pending', next: "now() - interval '1 minute'", lease: 'NULL' },
  pendingLater: { status: 'pending', next: "now() + interval '1 hour'", lease: 'NULL' },
  failedRetrying: { status: 'failed', next: "now() + interval '10 minutes'", lease: 'NULL' },
  failedDue: { status: 'failed', next: "now() - interval '5 seconds'", lease: 'NULL' },
  sendingNow: {
    status: 'delivering',
    next: "now() + interval '2 minutes'",
    lease: "now() + interval '2 minutes'",
  },
  sendingLapsed: {
    status: 'delivering',
    next: "now() - interval '1 minute'",
    lease: "now() - interval '1 minute'",
  },
  succeeded: { status: 'succeeded', next: 'NULL', lease: 'NULL' },
  dead: { status: 'dead', next: 'NULL', lease: 'NULL' },
} as const
type Kind = keyof typeof before
const ids = {} as Record<Kind | 'orderedFirst' | 'orderedSecond', number>

beforeAll(async () => {
  expect(queueMigration).toBeGreaterThan(0)
  const admin = new pg.Client({ connectionString: inject('adminUrl') })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${database}"`)
  await admin.end()
  pool = new pg.Pool({ connectionString: url, max: 4 })
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await runMigrations(queueMigration)
  // Rows as the app left them, without the consumers and events they refer to (foreign keys
  // are not checked for this session's inserts: the migration does not read them).
  const client = await pool.connect()
  try {
    await client.query('SET session_replication_role = replica')
    for (const [id, isOrdered] of [
      [subscription, false],
      [ordered, true],
    ] as const) {
      await client.query(
        `INSERT INTO webhook_subscriptions (id, consumer_id, endpoint_url, events, is_active,
           ordered, secret, timeout_seconds)
         VALUES ($1, 'consumer', $2, '["*"]', true, $3, 'whsec', 10)`,
        [id, `https://hooks.example.com/${id}`, isOrdered],
      )
    }
    let seq = 0
    const insert = async (
      subscriptionId: string,
      row: { status: string; next: string; lease: string },
      orderingKey: string | null = null,
    ) => {
      seq += 1
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at,
           status, attempts, next_attempt_at, lease_expires_at, event_seq, ordering_key)
         VALUES ($1, gen_random_uuid()::text, 'article.published', now(), $2, 1, ${row.next},
           ${row.lease}, $3, $4)
         RETURNING id`,
        [subscriptionId, row.status, seq, orderingKey],
      )
      return rows[0]!.id
    }
    for (const kind of Object.keys(before) as Kind[]) {
      ids[kind] = await insert(subscription, before[kind])
    }
    ids.orderedFirst = await insert(ordered, before.failedRetrying, 'article:7')
    ids.orderedSecond = await insert(ordered, before.pendingDue, 'article:7')
    await client.query('RESET session_replication_role')
  } finally {
    client.release()
  }
  await runMigrations(queueMigration + 1, queueMigration)
})

afterAll(async () => {
  await pool?.end()
  await dropDatabase(inject('adminUrl'), database)
})

const queue = async () =>
  (
    await pool.query<{
      delivery_id: number
      subscription_id: string
      is_due: boolean
      is_leased: boolean
      lease_matches: boolean
      ordering_key: string | null
      event_seq: string | null
    }>(
      `SELECT q.delivery_id, q.subscription_id, q.due_at <= now() AS is_due,
              q.lease_expires_at IS NOT NULL AS is_leased,
              q.lease_expires_at IS NOT DISTINCT FROM
                CASE WHEN d.status = 'delivering' THEN d.lease_expires_at END AS lease_matches,
              q.ordering_key, q.event_seq
       FROM webhook_queue q JOIN webhook_deliveries d ON d.id = q.delivery_id
       ORDER BY q.delivery_id`,
    )
  ).rows

describe('the migration to the narrow delivery queue', () => {
  it('queues every unfinished delivery once, as it was, and nothing finished', async () => {
    const rows = await queue()
    const unfinished: (Kind | 'orderedFirst' | 'orderedSecond')[] = [
      'pendingDue',
      'pendingLater',
      'failedRetrying',
      'failedDue',
      'sendingNow',
      'sendingLapsed',
      'orderedFirst',
      'orderedSecond',
    ]
    expect(rows.map((row) => row.delivery_id)).toEqual(
      unfinished.map((kind) => ids[kind]).sort((a, b) => a - b),
    )
    const row = (kind: keyof typeof ids) => rows.find((r) => r.delivery_id === ids[kind])!
    expect(row('pendingDue').is_due).toBe(true)
    expect(row('failedDue').is_due).toBe(true)
    expect(row('pendingLater').is_due).toBe(false)
    expect(row('failedRetrying').is_due).toBe(false)
    // In flight: under the lease it was sent under, due again when that lease lapses.
    expect(row('sendingNow')).toMatchObject({ is_leased: true, is_due: false })
    expect(row('sendingLapsed')).toMatchObject({ is_leased: true, is_due: true })
    expect(rows.every((r) => r.lease_matches)).toBe(true)
    expect(row('orderedSecond')).toMatchObject({
      ordering_key: 'article:7',
      subscription_id: ordered,
    })
    // The log keeps every delivery as it was.
    const { rows: log } = await pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status::text`,
    )
    expect(log).toEqual(
      [
        { status: 'pending', n: 3 },
        { status: 'failed', n: 3 },
        { status: 'delivering', n: 2 },
        { status: 'succeeded', n: 1 },
        { status: 'dead', n: 1 },
      ].sort((a, b) => a.status.localeCompare(b.status)),
    )
  })

  it('leaves the log no index on what a claim or an outcome changes, and room for HOT updates', async () => {
    const { rows } = await pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'webhook_deliveries'`,
    )
    const indexed = rows.map((row) => row.indexdef).join('\n')
    for (const column of ['status', 'next_attempt_at', 'lease_expires_at', 'attempts']) {
      expect(indexed).not.toContain(column)
    }
    const { rows: options } = await pool.query<{ reloptions: string[] | null }>(
      `SELECT reloptions FROM pg_class WHERE relname = 'webhook_deliveries'`,
    )
    expect(options[0]!.reloptions).toContain('fillfactor=70')
  })

  it('hands the worker what was due, the lapsed claim included, and holds the one in flight and the ordered one behind its object', async () => {
    const due = await findDueSubscriptions(pool, { limit: 10, endpointConcurrency: 10 })
    expect(due.sort()).toEqual([ordered, subscription].sort())
    const { deliveries } = await claimDeliveries(pool, {
      subscriptionIds: due,
      limit: 50,
      leaseMs: 60_000,
      endpointConcurrency: 10,
    })
    expect(deliveries.map((delivery) => delivery.id).sort((a, b) => a - b)).toEqual(
      [ids.pendingDue, ids.failedDue, ids.sendingLapsed].sort((a, b) => a - b),
    )
    // Claimed once: a second claim finds nothing more.
    const again = await claimDeliveries(pool, {
      subscriptionIds: due,
      limit: 50,
      leaseMs: 60_000,
      endpointConcurrency: 10,
    })
    expect(again.deliveries).toEqual([])
  })

  it('keeps following the log after it: a finished delivery leaves the queue, a retried one comes back, a new one joins', async () => {
    await pool.query(
      `UPDATE webhook_deliveries SET status = 'succeeded', lease_expires_at = NULL WHERE id = $1`,
      [ids.pendingDue],
    )
    await pool.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now() WHERE id = $1`,
      [ids.dead],
    )
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO webhook_deliveries (subscription_id, event_id, event_type, occurred_at, status,
         attempts, next_attempt_at)
       VALUES ($1, gen_random_uuid()::text, 'article.published', now(), 'pending', 0, now())
       RETURNING id`,
      [subscription],
    )
    const queued = (await queue()).map((row) => row.delivery_id)
    expect(queued).not.toContain(ids.pendingDue)
    expect(queued).toContain(ids.dead)
    expect(queued).toContain(rows[0]!.id)
    await pool.query(`DELETE FROM webhook_deliveries WHERE subscription_id = $1`, [ordered])
    expect((await queue()).some((row) => row.subscription_id === ordered)).toBe(false)
  })
})
