import type { Logger } from '@payloadcms/db-postgres/drizzle'
import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import { withReplicas } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import type pg from 'pg'
import type { Pool, PoolClient, PoolConfig } from 'pg'

import { requestContext } from '@/runtime/requestContext'

/** A drizzle handle; `withReplicas` takes the ones `drizzle()` makes. */
type Database = ReturnType<typeof drizzle>

/** drizzle's `withReplicas` handle: reads to a replica, the rest to `$primary`. */
type ReplicatedDatabase = { $primary: object; $replicas: object[] }

const isReplicated = (db: unknown): db is ReplicatedDatabase =>
  typeof db === 'object' && db !== null && '$primary' in db && '$replicas' in db

/** What of Payload's PostgreSQL adapter this module uses. */
type PostgresAdapter = {
  drizzle: unknown
  /** Payload sends reads here for a moment after a write (`readAfterWrite`), and writes' reads. */
  primaryDrizzle?: unknown
  pg: typeof pg
  poolOptions?: PoolConfig
  schema: Record<string, unknown>
  logger?: unknown
}

/** How long public reads stay on the primary after a replica failed, before it is tried again. */
export const replicaRetryAfterMs = 10_000

/**
 * Whether the code running now serves a request the app server let read a replica
 * (`src/db/replicaReadPolicy.mjs`). Outside any request (the worker, background loops, scripts,
 * migrations, tests calling Payload in-process) nothing may.
 */
export const mayReadReplicaNow = () => requestContext().getStore()?.mayReadReplica === true

/**
 * Whether one replica may be read now. It starts untried; a read that may go to a replica, and
 * finds it untried or its pause over, starts a probe (one connection) and goes to the primary;
 * reads go to the replica once a probe has connected. A failure (a refused connection, a lost
 * one) sends reads back to the primary for `retryAfterMs`, then the next read probes again. So
 * a replica that dies costs the reads in flight on it, and a replica that is down costs none.
 */
export function replicaAvailability(options: {
  /** Connects to the replica once: resolves when it accepts connections. */
  probe: () => Promise<unknown>
  /** Told when reads leave the replica (once per failure, not per lost connection). */
  onDown?: (err: Error) => void
  /** Told when a probe brings reads back to it. */
  onUp?: () => void
  now?: () => number
  retryAfterMs?: number
}) {
  const { now = Date.now, retryAfterMs = replicaRetryAfterMs } = options
  let usable = false
  let retryAt = 0
  let probing = false
  // A failure during a probe wins over the probe's success.
  let failures = 0
  const failed = (err: Error) => {
    failures++
    retryAt = now() + retryAfterMs
    if (!usable) return
    usable = false
    options.onDown?.(err)
  }
  return {
    /** Whether reads may go to the replica now (no side effect). */
    get usable() {
      return usable
    },
    /** Whether a read may go to the replica now; starts a probe when one is due. */
    mayRead(): boolean {
      if (usable || probing || now() < retryAt) return usable
      probing = true
      const failuresBefore = failures
      options.probe().then(
        () => {
          probing = false
          if (failures !== failuresBefore) return
          usable = true
          options.onUp?.()
        },
        (err: unknown) => {
          probing = false
          failed(err instanceof Error ? err : new Error(String(err)))
        },
      )
      return false
    },
    /** A connection to the replica failed or was lost. */
    failed,
  }
}

type Availability = ReturnType<typeof replicaAvailability>
type Replica = { pool: Pool; availability: Availability }

/**
 * Read replicas, opt-in per request. The replicas are not Payload's (its `readReplicas` option
 * connects to each at start without catching a refusal, which ends the process when a replica
 * is down, and keeps a client of each checked out for good): for each of `replicaUrls` this
 * makes a `pg` pool with the adapter's own `pg` and pool options (`-c jit=off`), connecting on
 * demand, and makes the adapter's handle what Payload's connect would have made, drizzle's
 * `withReplicas` over the primary's handle, with `primaryDrizzle` the primary's, so that
 * Payload's reads that belong to a write, and its reads just after a write, go to the primary.
 *
 * `withReplicas` sends every `select` and relational query outside a transaction to a replica,
 * whoever asks: the session check right after a login, an API key's lookup, a list just after
 * a create, the job runner's look at its queue. Here the handle answers as the primary itself
 * unless the request being served may read a replica and a replica is reachable
 * (`replicaAvailability`); writes, `execute` and transactions go to the primary anyway. Raw SQL
 * on `payload.db.pool` never sees a replica.
 *
 * Called first thing in `onInit`, before any read. The adapter's `drizzle` property becomes an
 * accessor: a handle the adapter makes again (a reconnect on hot reload) is wrapped too, and
 * `payload.destroy()` (which clears it) closes the replicas' pools. Does nothing without
 * replicas.
 */
export function routeReadsByRequest(
  payload: Payload,
  replicaUrls: readonly string[],
  options: { now?: () => number; retryAfterMs?: number } = {},
) {
  if (replicaUrls.length === 0) return
  const adapter = payload.db as unknown as PostgresAdapter
  let replicas: Replica[] | undefined
  const route = (db: unknown) => {
    if (!db) {
      closeReplicas(replicas ?? [])
      replicas = undefined
      adapter.primaryDrizzle = undefined
      return db
    }
    const primary = (isReplicated(db) ? db.$primary : db) as Database
    replicas ??= replicaUrls.map((url) => openReplica(payload, adapter, url, options))
    adapter.primaryDrizzle = primary
    return routedByRequest(primary, replicas, adapter)
  }
  let handle = route(adapter.drizzle)
  Object.defineProperty(adapter, 'drizzle', {
    configurable: true,
    enumerable: true,
    get: () => handle,
    set: (db: unknown) => {
      handle = route(db)
    },
  })
}

/**
 * The handle, deciding at each use whether it is the replicated one or its primary. Methods
 * are bound to the database they belong to (drizzle's own use `this`). `$primary` and
 * `$replicas` stay reachable, and the proxy stays the same object, so Payload's check that a
 * handle is the adapter's own (`getPrimaryDb`) still holds.
 */
function routedByRequest(primary: Database, replicas: Replica[], adapter: PostgresAdapter) {
  const logger = (adapter.logger || false) as boolean | Logger
  const handles = replicas.map((replica) => ({
    replica,
    db: drizzle({ client: replica.pool, logger, schema: adapter.schema }),
  }))
  // A random reachable replica; the primary if none is (one failed since the read was routed).
  const pick = () => {
    const usable = handles.filter(({ replica }) => replica.availability.usable)
    return usable[Math.floor(Math.random() * usable.length)]?.db ?? primary
  }
  const replicated = withReplicas(
    primary,
    handles.map(({ db }) => db) as [Database, ...Database[]],
    pick,
  ) as unknown as ReplicatedDatabase
  return new Proxy(replicated, {
    get(target, property) {
      if (property === '$primary' || property === '$replicas') return target[property]
      const mayRead =
        mayReadReplicaNow() &&
        // Every replica due for a probe gets one.
        replicas.map(({ availability }) => availability.mayRead()).some(Boolean)
      const database: object = mayRead ? target : primary
      const value: unknown = Reflect.get(database, property)
      return typeof value === 'function' ? value.bind(database) : value
    },
  })
}

/**
 * A replica's pool, which connects on demand. Its lost connections must not end the process,
 * as `guardPoolClients` ensures for the primary's pool: when a replica restarts or goes away,
 * `pg` emits `error` on its pool for each idle connection and on each connection in use, which
 * with no listener Node treats as an uncaught exception. Those, and a connection it refuses,
 * send public reads to the primary for a while (`replicaAvailability`).
 */
function openReplica(
  payload: Payload,
  adapter: PostgresAdapter,
  connectionString: string,
  options: { now?: () => number; retryAfterMs?: number },
): Replica {
  const pool = new adapter.pg.Pool({ ...adapter.poolOptions, connectionString })
  // Outside any request's context: the loss has nothing to do with the request that connected.
  const log = (level: 'info' | 'warn', line: Record<string, unknown>) =>
    requestContext().exit(() => payload.logger[level](line))
  const availability = replicaAvailability({
    ...options,
    probe: async () => (await pool.connect()).release(),
    onDown: (err) =>
      log('warn', {
        msg: 'A read replica failed: public reads go to the primary for a while',
        err: err.message,
      }),
    onUp: () => log('info', { msg: 'A read replica is reachable: public reads go to it' }),
  })
  guardReplicaPool(pool, availability.failed)
  return { pool, availability }
}

/** Reports each connection error of `pool`: a lost idle or busy connection, a refused one. */
export function guardReplicaPool(pool: Pool, failed: (err: Error) => void) {
  pool.on('error', failed)
  pool.on('connect', (client: PoolClient) => client.on('error', failed))
  const connect = pool.connect.bind(pool) as (
    callback?: (err: Error | undefined, client?: PoolClient, done?: () => void) => void,
  ) => Promise<PoolClient> | undefined
  // `pool.query` connects through this too; both forms, promise and callback.
  pool.connect = ((callback?: (err: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback) {
      return connect((err, ...rest) => {
        if (err) failed(err)
        callback(err, ...rest)
      })
    }
    return connect()!.catch((err: Error) => {
      failed(err)
      throw err
    })
  }) as Pool['connect']
}

/** Ends the replicas' pools (idle connections close; none is checked out for good). */
function closeReplicas(replicas: Replica[]) {
  for (const { pool } of replicas) void pool.end().catch(() => {})
}
