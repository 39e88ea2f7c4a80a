import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { eventLogTableName } from '../schema/eventLogTable'

/**
 * The data of event `eventId` from the event log: the payload of every delivery of it (stored
 * once per event, not per delivery). `null` if the event is not there (never, while a delivery
 * of it exists: the retention cleanup deletes an event only after its deliveries).
 */
export async function findEventData(req: PayloadRequest, eventId: string): Promise<unknown> {
  if (!/^[0-9a-f-]{36}$/i.test(eventId)) return null
  const db = await transactionDatabase(req)
  const { rows } = await db.execute<{ data: unknown }>(
    sql`SELECT data FROM ${sql.identifier(eventLogTableName)} WHERE id = ${eventId}::uuid`,
  )
  return rows[0]?.data ?? null
}
