import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { postgres } from './transaction'

const guarded = Symbol.for('content-shop.connectionErrorGuard')

/**
 * Keeps a lost database connection from ending the process. When the server drops connections
 * (a restart, a failover, `pg_terminate_backend`), `pg` emits `error` on the pool for each idle
 * client and on each client checked out of it (a transaction's, for one); with no listener, Node
 * treats either as an uncaught exception. The query in flight fails on its own, the pool
 * discards the client when it is released, and new connections are made on demand; these
 * listeners only record the loss. Installed once per pool.
 */
export function guardPoolClients(payload: Payload) {
  const pool = postgres(payload).pool as
    (NonNullable<ReturnType<typeof postgres>['pool']> & { [guarded]?: true }) | undefined
  if (!pool || pool[guarded]) return
  pool[guarded] = true
  pool.on('error', (err) =>
    payload.logger.warn({ msg: 'An idle database connection was lost', err: err.message }),
  )
  pool.on('acquire', (client: PoolClient & { [guarded]?: true }) => {
    if (client[guarded]) return
    client[guarded] = true
    client.on('error', (err) =>
      payload.logger.warn({ msg: 'A database connection was lost', err: err.message }),
    )
  })
}
