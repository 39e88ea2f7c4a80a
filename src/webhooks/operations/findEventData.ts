import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { eventLogTableName } from '../schema/eventLogTable'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Where a request keeps its event-data loader (in `req.context`, which lives as long as it). */
const loaderKey = 'webhookEventData'

type EventDataLoader = { load: (eventId: string) => Promise<unknown> }
type Waiting = { resolve: (data: unknown) => void; reject: (err: unknown) => void }

/**
 * The data of event `eventId` from the event log: the payload of every delivery of it (stored
 * once per event, not per delivery). `null` if the event is not there (never, while a delivery
 * of it exists: the retention cleanup deletes an event only after its deliveries).
 *
 * Lookups asked for by one request in the same turn of the event loop are one query: a page of
 * the delivery log (Payload runs every document's `afterRead` at once) reads its events
 * together, not one query per delivery; an event asked for twice is read once.
 */
export function findEventData(req: PayloadRequest, eventId: string): Promise<unknown> {
  if (!uuid.test(eventId)) return Promise.resolve(null)
  const context = req.context as Record<string, unknown>
  context[loaderKey] ??= eventDataLoader(req)
  return (context[loaderKey] as EventDataLoader).load(eventId.toLowerCase())
}

function eventDataLoader(req: PayloadRequest): EventDataLoader {
  const loaded = new Map<string, Promise<unknown>>()
  let batch: Map<string, Waiting> | undefined
  const read = async (wanted: Map<string, Waiting>) => {
    try {
      const db = await transactionDatabase(req)
      // The ids are checked UUIDs: a PostgreSQL array literal of them is safe.
      const { rows } = await db.execute<{ id: string; data: unknown }>(
        sql`SELECT id::text AS id, data FROM ${sql.identifier(eventLogTableName)}
            WHERE id = ANY(${`{${[...wanted.keys()].join(',')}}`}::uuid[])`,
      )
      const found = new Map(rows.map((row) => [row.id, row.data]))
      for (const [id, waiting] of wanted) waiting.resolve(found.get(id) ?? null)
    } catch (err) {
      for (const [id, waiting] of wanted) {
        loaded.delete(id)
        waiting.reject(err)
      }
    }
  }
  return {
    load(eventId) {
      const known = loaded.get(eventId)
      if (known) return known
      if (!batch) {
        const wanted = (batch = new Map())
        setImmediate(() => {
          batch = undefined
          void read(wanted)
        })
      }
      const wanted = batch
      const promise = new Promise<unknown>((resolve, reject) => {
        wanted.set(eventId, { resolve, reject })
      })
      loaded.set(eventId, promise)
      return promise
    },
  }
}
