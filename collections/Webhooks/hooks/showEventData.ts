import type { CollectionAfterOperationHook } from 'payload'

import { documentsRead } from '@/db/documentsRead'
import { findEventData } from '@/webhooks/operations/findEventData'

type Doc = { eventId?: string | null; payload?: unknown; isTest?: boolean }

/**
 * Puts on each delivery read its `payload`: its event's data, stored once per event in the
 * event log, never on the delivery; and `isTest`: whether that event is a test. One query for a
 * whole page, not one per row.
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
  for (const doc of read) {
    const event = data.get(doc.eventId!.toLowerCase())
    doc.payload = event?.data ?? null
    doc.isTest = event?.isTest ?? false
  }
  return result
}
