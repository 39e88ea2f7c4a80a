import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { orderingKeyOf, type WebhookEventName } from '../eventCatalogue'
import { outboxChannel, outboxTableName } from '../schema/outboxTable'

/**
 * Records a business event (one of the catalogue's) for webhook delivery: one outbox row written in `req`'s transaction
 * (a rolled-back change emits nothing, a committed one is never lost) and a NOTIFY that wakes
 * the workers once it commits. Its ordering key (the catalogue's `<resource>:{id}`) and its
 * sequence number, drawn here inside the caller's transaction, order it among the events of its
 * object. Fan-out and delivery happen later, never in the caller's request.
 */
export async function emitEvent(args: {
  req: PayloadRequest
  type: WebhookEventName
  data: Record<string, unknown>
}): Promise<void> {
  const db = await transactionDatabase(args.req)
  const table = sql.identifier(outboxTableName)
  await db.execute(
    sql`INSERT INTO ${table} (id, type, data, ordering_key)
        VALUES (${randomUUID()}, ${args.type}, ${JSON.stringify(args.data)}::jsonb,
          ${orderingKeyOf(args.type, args.data)})`,
  )
  await db.execute(sql`SELECT pg_notify(${outboxChannel}, '')`)
}
