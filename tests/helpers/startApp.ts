import { access } from 'node:fs/promises'
import path from 'node:path'

import { projectRoot } from '../../scripts/lib/environment'
import { runNext, spawnScript } from '../../scripts/lib/processes'
import { createDatabaseIfMissing } from '../../scripts/lib/embeddedPostgres'
import { startTestServer } from './testDatabase'

/**
 * The production build served exactly as `npm start` serves it (migrations, seed, `next
 * start`), on a throwaway database: one on the server of `DATABASE_URL` when it is set, else
 * an embedded cluster. Builds first when there is no build. For browser tests and benchmarks.
 */
export async function startApp(
  options: { env?: Record<string, string>; showOutput?: boolean } = {},
) {
  const hasBuild = await access(path.join(projectRoot, '.next/BUILD_ID')).then(
    () => true,
    () => false,
  )
  if (!hasBuild) await runNext(['build'])

  const server = await startTestServer()
  const database = `${server.prefix}_app`
  await createDatabaseIfMissing(server.adminUrl, database)
  const port = 3100 + Math.floor(Math.random() * 800)
  const app = spawnScript(
    'scripts/start.ts',
    [],
    {
      // Not a test process: the app runs its in-app webhook worker and payment sandbox as
      // `npm start` does (they stay off where VITEST is set).
      ...Object.fromEntries(
        Object.keys(process.env)
          .filter((name) => name.startsWith('VITEST'))
          .map((name) => [name, undefined]),
      ),
      DATABASE_URL: server.urlFor(database),
      PAYLOAD_SECRET: 'throwaway-app-secret',
      SEED_ON_START: 'true',
      PORT: String(port),
      ...options.env,
    },
    // Its own process group, so that stopping it also stops the app's server and the database.
    { detached: true, stdio: ['ignore', options.showOutput ? 'inherit' : 'ignore', 'inherit'] },
  )
  const baseUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (app.exitCode === null) {
      const exited = new Promise((resolve) => app.once('exit', resolve))
      process.kill(-app.pid!, 'SIGTERM')
      await exited
    }
    await server.stop()
  }
  const deadline = Date.now() + 180_000
  for (;;) {
    const status = await fetch(`${baseUrl}/admin/login`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) break
    if (app.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error('The app did not start within 3 minutes; see its output above')
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return { baseUrl, databaseUrl: server.urlFor(database), stop }
}
