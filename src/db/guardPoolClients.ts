import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { requestContext } from '@/runtime/requestContext'
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
  // Outside any request's context: a connection made while serving a request keeps that
  // request's context in its event handlers, and the loss has nothing to do with it.
  const warn = (msg: string, err: Error) =>
    requestContext().exit(() => payload.logger.warn({ msg, err: err.message }))
  pool.on('error', (err) => warn('An idle database connection was lost', err))
  pool.on('acquire', (client: PoolClient & { [guarded]?: true }) => {
    if (client[guarded]) return
    client[guarded] = true
    client.on('error', (err) => warn('A database connection was lost', err))
  })
}
