import { access } from 'node:fs/promises'
import path from 'node:path'

import { projectRoot } from '../../scripts/lib/environment'
import { runNext } from '../../scripts/lib/processes'
import { createDatabaseIfMissing, freePort } from '../../scripts/lib/embeddedPostgres'
import { signalGroup, spawnInGroup } from './processGroups'
import { startTestServer, type TestServer } from './testDatabase'

export type StartedApp = Awaited<ReturnType<typeof startApp>>

/**
 * The production build served exactly as `npm start` serves it (migrations, seed, the app
 * server), on a throwaway database: one on the server of `DATABASE_URL` when it is set, else
 * an embedded cluster; or on `reuse`'s database, as a restart of that app. Builds first when
 * there is no build. With `command: 'dev'`, the development server as `npm run dev` starts it
 * (schema push, seed, `next dev`) instead. Resolves when `/admin/login` answers 200, or, with
 * `readyWhen: 'booted'`, without sending any request: when the server logs that it has
 * initialised Payload. With `server`, its database is made on that server instead.
 */
export async function startApp(
  options: {
    command?: 'start' | 'dev'
    env?: Record<string, string>
    showOutput?: boolean
    readyWhen?: 'login' | 'booted'
    reuse?: StartedApp
    server?: TestServer
  } = {},
) {
  const isDev = options.command === 'dev'
  const hasBuild = await access(path.join(projectRoot, '.next/BUILD_ID')).then(
    () => true,
    () => false,
  )
  if (!hasBuild && !isDev) await runNext(['build'])

  const server: TestServer = options.reuse?.server ?? options.server ?? (await startTestServer())
  const database = `${server.prefix}_app`
  await createDatabaseIfMissing(server.adminUrl, database)
  // Chosen by the operating system: a random pick from 3100-3900 once landed on MariaDB's 3306.
  const port = Number(options.env?.PORT) || (await freePort())
  // Its own process group, so that ending it also ends the app's server (and an embedded
  // database); the scripts parent receives signals as an orchestrator would send them.
  const app = spawnInGroup(
    isDev ? 'scripts/dev.ts' : 'scripts/start.ts',
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
      // As every test process (testEnvironment.ts): editors publish without review unless a
      // test asks for it (the review workflow's own tests turn it on).
      REVIEW_REQUIRED_FOR: 'none',
      SEED_ON_START: 'true',
      PORT: String(port),
      ...options.env,
    },
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  for (const stream of [app.stdout!, app.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (options.showOutput) process.stdout.write(chunk)
    })
  }
  const exited = new Promise<number | null>((resolve) => app.once('exit', resolve))
  const baseUrl = `http://127.0.0.1:${port}`
  /** Ends the app (SIGTERM to its group) and, unless it is to be reused, its database. */
  const stop = async ({ keepDatabase = false } = {}) => {
    if (app.exitCode === null) {
      signalGroup(app, 'SIGTERM')
      await exited
    }
    if (!keepDatabase) await server.stop()
  }
  // The development server compiles the admin panel on its first request: minutes on 2 cores.
  const startMinutes = isDev ? 6 : 3
  const deadline = Date.now() + startMinutes * 60_000
  for (;;) {
    const isReady =
      options.readyWhen === 'booted'
        ? output.includes('Payload initialised') && output.includes('Ready on')
        : // A first request can hang while next dev compiles: ask again rather than wait on it.
          (await fetch(`${baseUrl}/admin/login`, { signal: AbortSignal.timeout(60_000) }).then(
            (response) => response.status,
            () => 0,
          )) === 200
    if (isReady) break
    if (app.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(
        `The app did not start within ${startMinutes} minutes. Its output:\n${output}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return {
    baseUrl,
    databaseUrl: server.urlFor(database),
    server,
    /** The `npm start` process (signal it as an orchestrator would), and what it printed. */
    process: app,
    output: () => output,
    exited,
    stop,
  }
}
