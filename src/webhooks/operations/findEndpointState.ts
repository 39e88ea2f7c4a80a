import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import type { EndpointState } from '../nextAttempt'
import { subscriptionsTableName } from '../schema/collectionTables'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Row = { id: string; is_active: boolean; backoff_until: Date | null; failure_count: number }

/**
 * What subscriptions `subscriptionIds`' deliveries wait for besides their own time: whether each
 * is on, its back-off's end and its failures in a row, in one query in the request's transaction
 * (after a retry moved the back-off, the delivery read again sees the move). Keyed by the
 * lower-cased id; a subscription that is gone (or an id that is no UUID) has no entry.
 */
export async function findEndpointStates(
  req: PayloadRequest,
  subscriptionIds: readonly string[],
): Promise<Map<string, EndpointState>> {
  const ids = [
    ...new Set(subscriptionIds.filter((id) => uuid.test(id)).map((id) => id.toLowerCase())),
  ]
  if (ids.length === 0) return new Map()
  const db = await transactionDatabase(req)
  // The ids are checked UUIDs: a PostgreSQL array literal of them is safe.
  const { rows } = await db.execute<Row>(
    sql`SELECT id, is_active, backoff_until, coalesce(failure_count, 0)::int AS failure_count
        FROM ${sql.identifier(subscriptionsTableName)}
        WHERE id = ANY(${`{${ids.join(',')}}`}::varchar[])`,
  )
  return new Map(
    rows.map((row) => [
      row.id.toLowerCase(),
      {
        isActive: Boolean(row.is_active),
        backoffUntil: row.backoff_until ? new Date(row.backoff_until) : null,
        failureCount: Number(row.failure_count),
      },
    ]),
  )
}
