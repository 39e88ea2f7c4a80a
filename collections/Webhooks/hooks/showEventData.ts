import type { CollectionAfterOperationHook } from 'payload'

import { documentsRead } from '@/db/documentsRead'
import { findEventData } from '@/webhooks/operations/findEventData'

type Doc = { eventId?: string | null; payload?: unknown }

/**
 * Puts on each delivery read its `payload`: its event's data, stored once per event in the
 * event log, never on the delivery. One query for a whole page, not one per row.
 */
export const showEventData: CollectionAfterOperationHook = async ({ operation, result, req }) => {
  const read = documentsRead<Doc>(operation, result).filter(
    (doc) => typeof doc.eventId === 'string',
  )
  if (read.length === 0) return result
  const data = await findEventData(
    req,
    read.map((doc) => doc.eventId!),
  )
  for (const doc of read) doc.payload = data.get(doc.eventId!.toLowerCase()) ?? null
  return result
}
