import type { Pool, PoolClient } from 'pg'

/**
 * Runs `work` in a transaction of its own on a client from `pool`, outside Payload's request
 * transactions (the webhook worker's claims and outcomes, which no request owns): commits when
 * `work` returns, rolls back when it throws. `begin` may add settings local to the transaction
 * (`BEGIN; SET LOCAL ...`).
 *
 * A client whose rollback fails too (its connection broke mid-transaction) is destroyed rather
 * than handed back: the pool's next caller would otherwise get a connection still inside this
 * transaction, or a dead one.
 */
export async function inPoolTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  { begin = 'BEGIN' }: { begin?: string } = {},
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query(begin)
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))
    })
    throw error
  } finally {
    client.release(broken)
  }
}
