import type pg from 'pg'

/** The counters of one database that say what was written (`pg_stat_database`, the WAL position). */
export type WriteCounters = {
  commits: number
  tuplesWritten: number
  walBytes: number
}

async function counters(pool: pg.Pool): Promise<WriteCounters> {
  const { rows } = await pool.query<{ commits: string; written: string; wal: string }>(
    `SELECT xact_commit::text AS commits,
            (tup_inserted + tup_updated + tup_deleted)::text AS written,
            (pg_current_wal_lsn() - '0/0')::text AS wal
     FROM pg_stat_database WHERE datname = current_database()`,
  )
  const row = rows[0]!
  return {
    commits: Number(row.commits),
    tuplesWritten: Number(row.written),
    walBytes: Number(row.wal),
  }
}

/**
 * What the whole database wrote while `run` ran (every server and background loop on it, so
 * an upper bound of what the requests wrote): commits (every statement outside a transaction is
 * one), rows inserted, updated or deleted, and WAL bytes. Each backend reports its counters at
 * most once a second, when idle: the end is read after 1.5 s.
 */
export async function writesDuring<T>(
  pool: pg.Pool,
  run: () => Promise<T>,
): Promise<{ result: T; writes: WriteCounters }> {
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const before = await counters(pool)
  const result = await run()
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const after = await counters(pool)
  return {
    result,
    writes: {
      commits: after.commits - before.commits,
      tuplesWritten: after.tuplesWritten - before.tuplesWritten,
      walBytes: after.walBytes - before.walBytes,
    },
  }
}
