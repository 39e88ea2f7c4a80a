import { spawn } from 'node:child_process'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { createDatabaseIfMissing } from '../../src/db/embeddedPostgres'
import { startTestServer } from '../helpers/testDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the production build of the app answers. */
    baseUrl: string
  }
}

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Starts the app exactly as `npm start` does (migrations, seed, `next start` of the build made
 * by `npm run build`), on a throwaway database, for the browser tests.
 */
export default async function setup(project: TestProject) {
  const server = await startTestServer()
  const database = `${server.prefix}_e2e`
  await createDatabaseIfMissing(server.adminUrl, database)
  const port = 3100 + Math.floor(Math.random() * 800)
  const app = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: server.urlFor(database),
        PAYLOAD_SECRET: 'e2e-test-secret',
        SEED_ON_START: 'true',
        PORT: String(port),
      },
    },
  )
  const stop = async () => {
    if (app.exitCode === null) {
      const exited = new Promise((resolve) => app.once('exit', resolve))
      process.kill(-app.pid!, 'SIGTERM')
      await exited
    }
    await server.stop()
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitUntilServing(`${baseUrl}/admin/login`, () => app.exitCode !== null)
  } catch (error) {
    await stop()
    throw error
  }
  project.provide('baseUrl', baseUrl)
  return stop
}

async function waitUntilServing(url: string, hasExited: () => boolean) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('The app exited before serving; see its output above')
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer 200 within 3 minutes`)
}
