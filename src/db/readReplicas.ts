import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'

import { requestContext } from '@/http/requestContext'

/** drizzle's `withReplicas` handle: reads to a random replica, the rest to `$primary`. */
type ReplicatedDatabase = { $primary: object; $replicas: object[] }

const isReplicated = (db: unknown): db is ReplicatedDatabase =>
  typeof db === 'object' && db !== null && '$primary' in db && '$replicas' in db

/**
 * Whether the code running now serves a request the app server let read a replica
 * (`src/db/replicaReadPolicy.mjs`). Outside any request (the worker, background loops, scripts,
 * migrations, tests calling Payload in-process) nothing may.
 */
export const mayReadReplicaNow = () => requestContext().getStore()?.mayReadReplica === true

/**
 * Makes read replicas opt-in per request. Given `readReplicas`, Payload's adapter makes its
 * drizzle handle drizzle's `withReplicas`, which sends every `select` and relational query
 * outside a transaction to a random replica, whoever asks: the session check right after a
 * login, an API key's lookup, a list just after a create, the job runner's look at its queue.
 * From here on the handle answers as the primary itself (`$primary`) unless the request being
 * served may read a replica; writes, `execute` and transactions went to the primary already.
 * Raw SQL on `payload.db.pool` never sees a replica.
 *
 * Installed first thing in `onInit`, before any read. The adapter's `drizzle` property becomes
 * an accessor, so that a handle the adapter makes again (a reconnect on hot reload) is routed
 * too; the replicas' pools get the guard the primary's has. Does nothing without replicas.
 */
export function routeReadsByRequest(payload: Payload) {
  const adapter = payload.db as unknown as { drizzle: unknown }
  if (!isReplicated(adapter.drizzle)) return
  const route = (db: unknown) => {
    if (!isReplicated(db)) return db
    guardReplicaPools(payload, db.$replicas)
    return routedByRequest(db)
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
function routedByRequest(db: ReplicatedDatabase): unknown {
  return new Proxy(db, {
    get(replicated, property) {
      if (property === '$primary' || property === '$replicas') return replicated[property]
      const target = mayReadReplicaNow() ? replicated : replicated.$primary
      const value: unknown = Reflect.get(target, property)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

const guardedPools = new WeakSet<Pool>()

/**
 * Keeps a replica's lost connections from ending the process, as `guardPoolClients` does for the
 * primary's pool: when a replica restarts or goes away, `pg` emits `error` on its pool for each
 * idle connection and on each connection in use, which with no listener Node treats as an
 * uncaught exception. The public reads sent to it fail meanwhile; its pool connects anew on
 * demand.
 */
function guardReplicaPools(payload: Payload, replicas: object[]) {
  // Outside any request's context: the loss has nothing to do with the request that connected.
  const warn = (err: Error) =>
    requestContext().exit(() =>
      payload.logger.warn({ msg: 'A read replica connection was lost', err: err.message }),
    )
  for (const replica of replicas) {
    const pool = (replica as { $client?: Pool }).$client
    if (!pool || guardedPools.has(pool)) continue
    guardedPools.add(pool)
    pool.on('error', warn)
    pool.on('connect', (client: PoolClient) => client.on('error', warn))
  }
}
