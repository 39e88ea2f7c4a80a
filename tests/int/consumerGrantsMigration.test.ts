import '../../src/composition/webhookEventTypes'

import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type { MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { migrations } from '../../migrations'
import { dropDatabase } from '../../scripts/lib/embeddedPostgres'
import { fanOut } from '../../src/webhooks/worker/fanOut'
import { testConfig } from '../helpers/testConfig'

// Issue 49's upgrade (migrations/*_consumer_grants.ts), on a database migrated up to the
// migration before it that holds consumers subscribed to order and inquiry events, as an
// operator's database would when they upgrade: nothing they receive stops.
const grantsMigration = migrations.findIndex((migration) =>
  migration.name.endsWith('_consumer_grants'),
)
const database = `${inject('templateDatabase')}_grants_migration_${process.pid}`
const url = inject('serverUrlTemplate').replace('__database__', database)
let pool: pg.Pool

const runMigrations = async (upTo: number, from = 0) => {
  const db = drizzle(pool)
  for (const migration of migrations.slice(from, upTo)) {
    await migration.up({
      db,
      // What the migrations read of Payload: the default locale, the app's configuration.
      payload: { config: { localization: { defaultLocale: 'en' }, custom: { app: testConfig() } } },
    } as unknown as MigrateUpArgs)
  }
}

/** The consumers before the upgrade, each with the events of its one subscription. */
const before = {
  shop: ['order.paid', 'order.refunded'],
  desk: ['inquiry.created'],
  everything: ['*'],
  indexer: ['article.created', 'product.updated'],
  both: ['order.created', 'inquiry.created', 'comment.created'],
} as const
type Name = keyof typeof before

beforeAll(async () => {
  expect(grantsMigration).toBeGreaterThan(0)
  const admin = new pg.Client({ connectionString: inject('adminUrl') })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${database}"`)
  await admin.end()
  pool = new pg.Pool({ connectionString: url, max: 4 })
  // `pool.end()` resolves before its connections have closed, and the drop that follows
  // (`WITH (FORCE)`) may end one still closing: its error, with nothing listening, failed the
  // whole run (CI at 1973404). Such an error ends quietly.
  pool.on('error', () => {})
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await runMigrations(grantsMigration)
  for (const [name, events] of Object.entries(before)) {
    await pool.query(
      `INSERT INTO consumers (id, name, email) VALUES ($1::varchar, $1::varchar, $2::varchar)`,
      [name, `${name}@x.test`],
    )
    await pool.query(
      `INSERT INTO webhook_subscriptions (id, consumer_id, endpoint_url, secret, events)
       VALUES ($1::varchar, $1::varchar, 'https://example.com/' || $1::varchar, 'secret', $2::jsonb)`,
      [name, JSON.stringify(events)],
    )
  }
  // A consumer without subscriptions.
  await pool.query(`INSERT INTO consumers (id, name, email) VALUES ('quiet', 'quiet', 'q@x.test')`)
  await runMigrations(grantsMigration + 1, grantsMigration)
})

afterAll(async () => {
  await pool?.end()
  await dropDatabase(inject('adminUrl'), database)
})

describe('the consumer_grants migration on a database with subscribed consumers', () => {
  it('gives each consumer content and the grants its subscriptions use (* uses every one)', async () => {
    const { rows } = await pool.query<{ parent_id: string; grants: string[] }>(
      `SELECT parent_id, array_agg(value::text ORDER BY "order") AS grants
       FROM consumers_grants GROUP BY parent_id ORDER BY parent_id`,
    )
    expect(Object.fromEntries(rows.map((row) => [row.parent_id, row.grants]))).toEqual({
      both: ['content', 'orders', 'inquiries'],
      desk: ['content', 'inquiries'],
      everything: ['content', 'orders', 'inquiries'],
      indexer: ['content'],
      quiet: ['content'],
      shop: ['content', 'orders'],
    })
  })

  it('stops nothing: every subscription receives after the upgrade what it received before', async () => {
    const types = [
      'order.paid',
      'order.refunded',
      'order.created',
      'inquiry.created',
      'article.created',
      'product.updated',
      'comment.created',
    ]
    for (const [index, type] of types.entries()) {
      await pool.query(
        `INSERT INTO webhook_outbox (id, type, data) VALUES (gen_random_uuid(), $1, $2::jsonb)`,
        [type, JSON.stringify({ id: index + 1 })],
      )
    }
    await fanOut(pool)
    const { rows } = await pool.query<{ subscription_id: Name; types: string[] }>(
      `SELECT subscription_id, array_agg(event_type ORDER BY event_type) AS types
       FROM webhook_deliveries GROUP BY subscription_id`,
    )
    const received = Object.fromEntries(rows.map((row) => [row.subscription_id, row.types]))
    for (const [name, events] of Object.entries(before) as [Name, readonly string[]][]) {
      const expected = events.includes('*') ? types : types.filter((t) => events.includes(t))
      expect(received[name], name).toEqual([...expected].sort())
    }
  })
})
