import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { inPoolTransaction } from '@/db/poolTransaction'
import { postgres } from '@/db/transaction'
import { getTestPayload } from '../helpers/payload'

let payload: Payload
let pool: Pool

beforeAll(async () => {
  payload = await getTestPayload()
  pool = postgres(payload).pool
  await pool.query('CREATE TABLE IF NOT EXISTS pool_transaction_probe (note text NOT NULL)')
  await pool.query('TRUNCATE pool_transaction_probe')
})

const notes = async () =>
  (
    await pool.query<{ note: string }>('SELECT note FROM pool_transaction_probe ORDER BY note')
  ).rows.map((row) => row.note)

describe('inPoolTransaction', () => {
  it('commits what the work wrote, with the settings asked for', async () => {
    const timeout = await inPoolTransaction(
      pool,
      async (client) => {
        await client.query(`INSERT INTO pool_transaction_probe VALUES ('kept')`)
        return (await client.query<{ statement_timeout: string }>('SHOW statement_timeout'))
          .rows[0]!.statement_timeout
      },
      { begin: `BEGIN; SET LOCAL statement_timeout = '1234ms'` },
    )
    expect(timeout).toBe('1234ms')
    expect(await notes()).toContain('kept')
    // Local to the transaction: the connection goes back to the pool as it was.
    const after = await pool.query<{ statement_timeout: string }>('SHOW statement_timeout')
    expect(after.rows[0]!.statement_timeout).not.toBe('1234ms')
  })

  it('writes nothing when the work throws, and the error reaches the caller', async () => {
    await expect(
      inPoolTransaction(pool, async (client) => {
        await client.query(`INSERT INTO pool_transaction_probe VALUES ('lost')`)
        throw new Error('halfway')
      }),
    ).rejects.toThrow('halfway')
    expect(await notes()).not.toContain('lost')
  })

  it('hands no caller a connection that broke mid-transaction', async () => {
    await expect(
      inPoolTransaction(pool, async (client) => {
        await client.query(`INSERT INTO pool_transaction_probe VALUES ('cut')`)
        await client.query('SELECT pg_terminate_backend(pg_backend_pid())')
      }),
    ).rejects.toThrow()
    expect(await notes()).not.toContain('cut')
    // Every later transaction gets a working connection, however many the pool hands out.
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        inPoolTransaction(pool, async (client) => {
          await client.query('INSERT INTO pool_transaction_probe VALUES ($1)', [`after-${index}`])
          return index
        }),
      ),
    )
    expect(written).toHaveLength(12)
    expect((await notes()).filter((note) => note.startsWith('after-'))).toHaveLength(12)
  })
})
