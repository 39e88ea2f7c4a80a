/**
 * `npm run dev` pushes the schema from the collections (Payload's development push) onto the
 * development database, which already holds it from the last start (or from the seed that
 * just ran). That push failed on every start: drizzle-kit reads a two-column primary key back
 * with a query whose parameters its push drops ("there is no parameter $1"), and the checkout
 * keys had one. The first request of every `npm run dev` answered 500 with that stack trace.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { readyDevelopmentSchema } from '../../scripts/lib/developmentSchema'
import { runScript } from '../../scripts/lib/processes'
import { compiledScript } from '../helpers/compiledScript'

const push = () =>
  runScript(
    'tests/helpers/pushSchema.ts',
    [],
    { PAYLOAD_DB_PUSH: 'true' },
    { compiled: compiledScript('tests/helpers/pushSchema.ts') },
  )

/** Runs `statement` on this file's database. */
async function query<Row extends pg.QueryResultRow>(statement: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    return (await client.query<Row>(statement)).rows
  } finally {
    await client.end()
  }
}

describe('the development schema push onto a database that has the schema', () => {
  it('succeeds, so that the first request of npm run dev does not fail', async () => {
    // This file's database is a copy of one the schema was pushed into.
    await push()
  })

  it('succeeds on a development database pushed by the earlier version, keeping its rows', async () => {
    // The checkout keys as the earlier version pushed them, with two keys taken.
    await query(`ALTER TABLE checkout_idempotency_keys DROP COLUMN id;
      DROP INDEX checkout_idempotency_keys_scope_key_idx;
      ALTER TABLE checkout_idempotency_keys
        ADD CONSTRAINT checkout_idempotency_keys_pkey PRIMARY KEY (scope, key);
      INSERT INTO checkout_idempotency_keys (scope, key, request_hash)
        VALUES ('user:users:1', 'first', 'h'), ('user:users:1', 'second', 'h')`)
    // What npm run dev does before its push (scripts/dev.ts), by two started at the same moment.
    await Promise.all([
      readyDevelopmentSchema(process.env.DATABASE_URL!),
      readyDevelopmentSchema(process.env.DATABASE_URL!),
    ])
    await push()
    expect(await query('SELECT id, key FROM checkout_idempotency_keys ORDER BY key')).toEqual([
      { id: expect.any(Number), key: 'first' },
      { id: expect.any(Number), key: 'second' },
    ])
    // The pair is still unique.
    await expect(
      query(`INSERT INTO checkout_idempotency_keys (scope, key, request_hash)
             VALUES ('user:users:1', 'first', 'h')`),
    ).rejects.toThrow(/checkout_idempotency_keys_scope_key_idx/)
  })

  it('leaves no table with a primary key of several columns, which the push cannot read back', async () => {
    const rows = await query(
      `SELECT conrelid::regclass::text AS table FROM pg_constraint
       WHERE contype = 'p' AND array_length(conkey, 1) > 1
         AND connamespace = 'public'::regnamespace`,
    )
    expect(rows).toEqual([])
  })
})
