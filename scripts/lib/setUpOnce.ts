import pg from 'pg'

/**
 * The key of the PostgreSQL advisory lock that `npm start` holds while it migrates and seeds:
 * one number for this app, whichever instance takes it.
 */
export const setUpLockKey = 7_230_113_301

/**
 * Runs `work` (migrations and the first seed) while holding a session-level advisory lock on
 * `databaseUrl`, so that instances started together on one database set it up one at a time:
 * the first migrates and seeds; the others wait, then find nothing left to do. The lock ends
 * with its connection, so an instance killed midway lets the next one go on (a migration runs in
 * its own transaction and is retried whole). Needs a session-level connection: behind PgBouncer
 * in transaction mode, point `DATABASE_URL` of `npm start` at PostgreSQL itself or a session pool.
 */
export async function setUpOnce<T>(
  databaseUrl: string,
  log: (message: string) => void,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'npm start set-up',
  })
  await client.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [setUpLockKey],
    )
    if (!rows[0]?.locked) {
      log('Another instance is migrating or seeding this database; waiting for it to finish')
      const waitedFrom = Date.now()
      await client.query('SELECT pg_advisory_lock($1)', [setUpLockKey])
      log(`The other instance finished setting up (waited ${Date.now() - waitedFrom} ms); going on`)
    }
    return await work()
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {})
  }
}
