import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { eventLogTableName } from '../schema/eventLogTable'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the event log keeps of one event for the deliveries of it. */
export type StoredEvent = {
  /** The event's data: the payload of every delivery of it. */
  data: unknown
  /** A test, addressed to one subscription ("Send test event", or an endpoint's creation). */
  isTest: boolean
}

/**
 * The data of events `eventIds` from the event log, in one query in the request's transaction:
 * the payload of every delivery of them (stored once per event, not per delivery), and whether
 * each is a test. Keyed by the lower-cased id; an event that is not there has no entry (never,
 * while a delivery of it exists: the retention cleanup deletes an event only after its
 * deliveries).
 */
export async function findEventData(
  req: PayloadRequest,
  eventIds: readonly string[],
): Promise<Map<string, StoredEvent>> {
  const ids = [...new Set(eventIds.filter((id) => uuid.test(id)).map((id) => id.toLowerCase()))]
  if (ids.length === 0) return new Map()
  const db = await transactionDatabase(req)
  // The ids are checked UUIDs: a PostgreSQL array literal of them is safe.
  const { rows } = await db.execute<{ id: string; data: unknown; is_test: boolean }>(
    sql`SELECT id::text AS id, data, addressed_to IS NOT NULL AS is_test
        FROM ${sql.identifier(eventLogTableName)}
        WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  )
  return new Map(rows.map((row) => [row.id, { data: row.data, isTest: row.is_test === true }]))
}
