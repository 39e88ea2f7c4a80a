import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { outboxChannel, outboxTableName } from '@/webhooks/schema/outboxTable'
import { transactionDatabase } from '@/db/transaction'

/**
 * Records a business event for webhook delivery: one outbox row written in `req`'s transaction
 * (a rolled-back change emits nothing, a committed one is never lost) and a NOTIFY that wakes
 * the workers once it commits. Fan-out and delivery happen later, never in the caller's request.
 */
export async function emitEvent(args: {
  req: PayloadRequest
  type: string
  data: Record<string, unknown>
}): Promise<void> {
  const db = await transactionDatabase(args.req)
  const table = sql.identifier(outboxTableName)
  await db.execute(
    sql`INSERT INTO ${table} (id, type, data) VALUES (${randomUUID()}, ${args.type}, ${JSON.stringify(args.data)}::jsonb)`,
  )
  await db.execute(sql`SELECT pg_notify(${outboxChannel}, '')`)
}

/**
 * Hooks for a collection whose changes are business events: `created`/`updated` on
 * `afterChange`, `deleted` on `afterDelete` (omit a name to emit nothing for that operation).
 * `toPayload` turns the document into the event's documented payload. A change made with
 * `context.skipBusinessEvents` (seeding, backfills) emits nothing.
 */
export function emitBusinessEvent<T>(options: {
  created?: string
  updated?: string
  deleted?: string
  toPayload: (doc: T) => Record<string, unknown>
}): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  return {
    afterChange: async ({ doc, operation, req, context }) => {
      const type = operation === 'create' ? options.created : options.updated
      if (type && !context?.skipBusinessEvents) {
        await emitEvent({ req, type, data: options.toPayload(doc as T) })
      }
      return doc
    },
    afterDelete: async ({ doc, req, context }) => {
      if (options.deleted && !context?.skipBusinessEvents) {
        await emitEvent({ req, type: options.deleted, data: options.toPayload(doc as T) })
      }
      return doc
    },
  }
}
