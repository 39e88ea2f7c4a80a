import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import nextEnv from '@next/env'

import { variableValues } from '../../src/composition/loadConfig'
import { ensureDir, startEmbeddedPostgres, type EmbeddedCluster } from './embeddedPostgres'

export const projectRoot = path.resolve(import.meta.dirname, '../..')
/** The ignored project-local folder where the embedded database and generated secret live. */
export const dataDir = path.join(projectRoot, '.data')

/** Loads `.env*` files the way `next` does, so scripts and the app see the same settings. */
export function loadEnvironment(isDev: boolean) {
  nextEnv.loadEnvConfig(projectRoot, isDev, { info: () => {}, error: console.error })
}

const log = (line: string) => console.log(`[db] ${line}`)

/**
 * Points `DATABASE_URL` at a database: the configured server when it is set, else an embedded
 * PostgreSQL kept in `.data/postgres`, with one database for development (schema push) and
 * one for production (migrations), since Payload refuses to migrate a pushed schema.
 */
export async function provideDatabase(
  database: 'app_dev' | 'app',
): Promise<EmbeddedCluster | null> {
  if (process.env.DATABASE_URL) return null
  await ensureDir(dataDir)
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: variableValues(process.env).EMBEDDED_POSTGRES_PORT,
    log,
  })
  await cluster.ensureDatabase(database)
  process.env.DATABASE_URL = cluster.urlFor(database)
  process.env.USING_EMBEDDED_POSTGRES = 'true'
  return cluster
}

/**
 * `PAYLOAD_SECRET` signs tokens and keys API-key lookups. A production deployment on its own
 * database must set it; a local run gets one generated once and kept in `.data/`.
 */
export async function provideSecret() {
  if (process.env.PAYLOAD_SECRET) return
  if (process.env.NODE_ENV === 'production' && !process.env.USING_EMBEDDED_POSTGRES) {
    throw new Error('PAYLOAD_SECRET must be set when running in production on your own database')
  }
  await ensureDir(dataDir)
  const file = path.join(dataDir, 'payload-secret')
  let secret = (await readFile(file, 'utf8').catch(() => '')).trim()
  if (!secret) {
    secret = randomBytes(32).toString('hex')
    await writeFile(file, secret, { mode: 0o600 })
  }
  process.env.PAYLOAD_SECRET = secret
}
