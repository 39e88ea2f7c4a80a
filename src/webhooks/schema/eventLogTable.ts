import type { PostgresSchemaHook } from '@/db/schemaHook'
import { eventTable } from './eventTable'

/** Table of every fanned-out business event, kept for the retention period (for recover). */
export const eventLogTableName = 'webhook_events'

/**
 * Declares the event log in Payload's schema, so that schema push and migrations create it.
 * The fan-out moves each event here from the outbox; `recover` reads it to queue what a
 * subscription missed; the worker's cleanup deletes rows older than the retention period.
 */
export const eventLogTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [eventLogTableName]: eventTable(eventLogTableName, { isOutbox: false }),
  },
})
