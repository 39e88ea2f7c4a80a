import '../../src/composition/webhookEventTypes'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { fanOut } from '../../src/webhooks/worker/fanOut'
import { migrationDatabase, migrationIndex, migrationPayload } from '../helpers/migrationDatabase'

// Issue 49's upgrade (migrations/*_consumer_grants.ts), on a database migrated up to the
// migration before it that holds consumers subscribed to order and inquiry events, as an
// operator's database would when they upgrade: nothing they receive stops.
const grantsMigration = migrationIndex('_consumer_grants')
let database: Awaited<ReturnType<typeof migrationDatabase>>
let pool: pg.Pool

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
  database = await migrationDatabase('grants_migration', migrationPayload())
  pool = database.pool
  await database.migrate(grantsMigration)
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
  await database.migrate(grantsMigration + 1, grantsMigration)
})

afterAll(async () => {
  await database?.drop()
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
