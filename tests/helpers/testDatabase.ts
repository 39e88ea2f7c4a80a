import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { dropDatabase, startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'

/** A PostgreSQL server a test run may create databases on. */
export type TestServer = {
  /** Connection string of the server's maintenance database. */
  adminUrl: string
  /** Prefix of every database this run creates; all of them are dropped by `stop()`. */
  prefix: string
  urlFor: (database: string) => string
  stop: () => Promise<void>
}

/**
 * With `DATABASE_URL` set, that server (each run's databases are dropped afterwards); without
 * it, a throwaway embedded cluster in the temp folder: the newcomer's path, started with
 * `settings` (server settings only a start can set; a server of `DATABASE_URL` keeps its own).
 */
export async function startTestServer(
  options: { settings?: Record<string, string> } = {},
): Promise<TestServer> {
  const prefix = `test_${Date.now()}_${process.pid}`
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const urlFor = (database: string) => {
      const url = new URL(serverUrl)
      url.pathname = `/${database}`
      return url.toString()
    }
    return { adminUrl: serverUrl, prefix, urlFor, stop: () => dropDatabases(serverUrl, prefix) }
  }
  const cluster = await startEmbeddedPostgres({
    dataDir: await mkdtemp(path.join(os.tmpdir(), 'pg-test-')),
    isThrowaway: true,
    isUndurable: true,
    settings: options.settings,
  })
  return {
    adminUrl: cluster.urlFor('postgres'),
    prefix,
    urlFor: cluster.urlFor,
    stop: cluster.stop,
  }
}

async function dropDatabases(adminUrl: string, prefix: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  const { rows } = await client
    .query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      prefix,
    ])
    .finally(() => client.end())
  for (const { datname } of rows) await dropDatabase(adminUrl, datname)
}

/**
 * Creates `database` as a copy of `template` (a file copy, far faster than a schema push).
 * PostgreSQL refuses while another copy of the same template is starting, so it retries.
 */
export async function cloneDatabase(adminUrl: string, template: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`)
        return
      } catch (error) {
        const isBusy = /being accessed by other users/.test(String(error))
        if (!isBusy || attempt >= 50) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200))
      }
    }
  } finally {
    await client.end()
  }
}
