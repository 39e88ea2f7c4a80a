import type { Pool, PoolClient } from 'pg'

import { eventually } from './webhookReceiver'

/**
 * A transaction of another writer (a checkout, the webhook worker) on a connection of its own,
 * rolled back unless `work` commits it.
 */
export async function withOtherWriter<T>(pool: Pool, work: (other: PoolClient) => Promise<T>) {
  const other = await pool.connect()
  try {
    await other.query('BEGIN')
    return await work(other)
  } finally {
    await other.query('ROLLBACK').catch(() => {})
    other.release()
  }
}

/**
 * Starts `write` (a request that will need a row `other` holds), waits until it waits for that
 * lock, then commits `other`'s transaction and answers what `write` answered: another writer
 * committing while the request is under way (between its read and its write, unless it locks).
 */
export async function whileAnotherWriterCommits<T>(
  pool: Pool,
  other: PoolClient,
  write: () => Promise<T>,
) {
  const answer = write()
  await eventually(async () => {
    const { rows } = await pool.query(
      `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'
       AND datname = current_database() AND pid <> pg_backend_pid()`,
    )
    return rows.length > 0
  })
  await other.query('COMMIT')
  return answer
}
