import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import type { EndpointState } from '../nextAttempt'
import { subscriptionsTableName } from '../schema/collectionTables'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Where a request keeps the lookups of the current turn (in `req.context`). */
const batchKey = 'webhookEndpointStates'

type Waiting = { resolve: (state: EndpointState | null) => void; reject: (err: unknown) => void }
type Batch = Map<string, Waiting[]>

type Row = { id: string; is_active: boolean; backoff_until: Date | null; failure_count: number }

/**
 * What subscription `subscriptionId`'s deliveries wait for besides their own time: whether it
 * is on, its back-off's end and its failures in a row, read in the request's transaction (after
 * a retry moved the back-off, the delivery read again sees the move); `null` if it is gone.
 *
 * Lookups one request asks for in the same turn of the event loop are one query (a page of
 * deliveries runs every document's `afterRead` at once); nothing is kept past that turn, since
 * the back-off moves while a request runs.
 */
export function findEndpointState(
  req: PayloadRequest,
  subscriptionId: string,
): Promise<EndpointState | null> {
  if (!uuid.test(subscriptionId)) return Promise.resolve(null)
  const context = req.context as Record<string, unknown>
  let batch = context[batchKey] as Batch | undefined
  if (!batch) {
    const wanted: Batch = (batch = new Map())
    context[batchKey] = wanted
    setImmediate(() => {
      delete context[batchKey]
      void read(req, wanted)
    })
  }
  const wanted = batch
  return new Promise((resolve, reject) => {
    const id = subscriptionId.toLowerCase()
    wanted.set(id, [...(wanted.get(id) ?? []), { resolve, reject }])
  })
}

async function read(req: PayloadRequest, wanted: Batch) {
  try {
    const db = await transactionDatabase(req)
    // The ids are checked UUIDs: a PostgreSQL array literal of them is safe.
    const { rows } = await db.execute<Row>(
      sql`SELECT id, is_active, backoff_until, coalesce(failure_count, 0)::int AS failure_count
          FROM ${sql.identifier(subscriptionsTableName)}
          WHERE id = ANY(${`{${[...wanted.keys()].join(',')}}`}::varchar[])`,
    )
    const found = new Map(rows.map((row) => [row.id.toLowerCase(), row]))
    for (const [id, waiting] of wanted) {
      const row = found.get(id)
      const state: EndpointState | null = row
        ? {
            isActive: Boolean(row.is_active),
            backoffUntil: row.backoff_until ? new Date(row.backoff_until) : null,
            failureCount: Number(row.failure_count),
          }
        : null
      for (const one of waiting) one.resolve(state)
    }
  } catch (err) {
    for (const waiting of wanted.values()) for (const one of waiting) one.reject(err)
  }
}
