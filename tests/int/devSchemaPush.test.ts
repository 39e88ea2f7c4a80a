/**
 * `npm run dev` pushes the schema from the collections (Payload's development push) onto the
 * development database, which already holds it from the last start (or from the seed that
 * just ran). That push failed on every start: drizzle-kit reads a two-column primary key back
 * with a query whose parameters its push drops ("there is no parameter $1"), and the checkout
 * keys had one. The first request of every `npm run dev` answered 500 with that stack trace.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'

import { runScript } from '../../scripts/lib/processes'
import { compiledScript } from '../helpers/compiledScript'

describe('the development schema push onto a database that has the schema', () => {
  it('succeeds, so that the first request of npm run dev does not fail', async () => {
    // This file's database is a copy of one the schema was pushed into.
    await runScript(
      'tests/helpers/pushSchema.ts',
      [],
      { PAYLOAD_DB_PUSH: 'true' },
      { compiled: compiledScript('tests/helpers/pushSchema.ts') },
    )
  })

  it('leaves no table with a primary key of several columns, which the push cannot read back', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    try {
      const { rows } = await client.query<{ table: string }>(
        `SELECT conrelid::regclass::text AS table FROM pg_constraint
         WHERE contype = 'p' AND array_length(conkey, 1) > 1
           AND connamespace = 'public'::regnamespace`,
      )
      expect(rows).toEqual([])
    } finally {
      await client.end()
    }
  })
})
