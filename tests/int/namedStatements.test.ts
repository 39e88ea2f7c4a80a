import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'

import { namedStatementLimit, queryNamed } from '@/db/namedStatement'

// A caller chooses the shape of the article list's statement (filters, sort, page size), and each
// connection keeps every statement it prepared for its life: a walk through every shape must not
// grow a connection's prepared statements without bound, nor fail.
const pool = new pg.Pool({ connectionString: inject('adminUrl'), max: 1 })
afterAll(() => pool.end())

describe('named statements', () => {
  it('answer every text, and a connection prepares no more of them than the limit', async () => {
    const texts = namedStatementLimit + 40
    for (let shape = 0; shape < texts; shape++) {
      const { rows } = await queryNamed<{ n: number }>(
        pool,
        `SELECT $1::integer + ${shape} AS n`,
        [1],
      )
      expect(rows[0]!.n).toBe(shape + 1)
    }
    // Run again: the named ones from their prepared statements, the rest unnamed.
    for (const shape of [0, namedStatementLimit - 1, namedStatementLimit, texts - 1]) {
      const { rows } = await queryNamed<{ n: number }>(
        pool,
        `SELECT $1::integer + ${shape} AS n`,
        [2],
      )
      expect(rows[0]!.n).toBe(shape + 2)
    }
    const { rows } = await pool.query<{ prepared: number }>(
      `SELECT count(*)::integer AS prepared FROM pg_prepared_statements WHERE from_sql = false`,
    )
    expect(rows[0]!.prepared).toBe(namedStatementLimit)
  })
})
