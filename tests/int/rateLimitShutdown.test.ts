import pg from 'pg'
import { afterAll, describe, expect, it, onTestFailed } from 'vitest'

import { startApp, type StartedApp } from '../helpers/startApp'

let app: StartedApp | undefined

afterAll(async () => {
  await app?.stop()
})

/** What the shared table holds of the general budget's counts of callers known by address. */
async function sharedCounts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ points: string }>(
      `SELECT coalesce(sum(points), 0)::text AS points FROM rate_limits WHERE key LIKE 'rl:default:ip:%'`,
    )
    return Number(rows[0]!.points)
  } finally {
    await client.end()
  }
}

describe('the app server on SIGTERM', () => {
  it('shares the rate-limit counts of its last batch before it exits', async () => {
    // A batch every minute: the requests below are still this process's own when it is stopped.
    app = await startApp({ env: { RATE_LIMIT_SYNC_MS: '60000', SHUTDOWN_TIMEOUT_SECONDS: '20' } })
    onTestFailed(() => console.log(`The app printed:\n${app?.output()}`))
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${app.baseUrl}/api/pages?limit=1&depth=0`)
      expect(answer.status).toBe(200)
      await answer.arrayBuffer()
    }
    expect(await sharedCounts(app.databaseUrl)).toBe(0)

    await app.stop({ keepDatabase: true })
    expect(await app.exited).toBe(0)
    expect(await sharedCounts(app.databaseUrl)).toBeGreaterThanOrEqual(5)
    // Starting the production build takes minutes on a loaded machine.
  }, 300_000)
})
