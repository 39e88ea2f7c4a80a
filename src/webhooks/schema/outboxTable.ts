import type { PostgresSchemaHook } from '@/db/schemaHook'
import { eventTable } from './eventTable'

/** Table of business events waiting for fan-out, written in the transaction that caused them. */
export const outboxTableName = 'webhook_outbox'

/** NOTIFY channel: an event was written to the outbox (sent on commit only). */
export const outboxChannel = 'webhook_outbox'
/** NOTIFY channel: delivery rows became due (fan-out, test event, manual retry). */
export const deliveriesChannel = 'webhook_deliveries'

/**
 * Declares the outbox in Payload's schema, so that schema push and migrations create it. A row
 * lives from the commit of its event until a worker has fanned it out into delivery rows.
 */
export const outboxTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [outboxTableName]: eventTable(outboxTableName, { isOutbox: true }),
  },
})
