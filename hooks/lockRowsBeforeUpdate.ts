import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeOperationHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { accessDecidedNow } from './decideAccessFirst'

/**
 * Payload's update reads the document, merges what the request sent into it and writes the
 * whole row back, fields the request did not send (or may not write) included. A raw SQL
 * writer committing between that read and that write (a checkout taking stock, the webhook
 * worker disabling a subscription) would be undone. This hook runs in the update's transaction
 * and locks the row(s) it will write, so Payload reads them after any such writer has committed,
 * and the writers wait until the save has: one document's update locks its row (`NO KEY`: as an
 * UPDATE does, so foreign keys of new orders to the product do not wait); an update by `where`
 * (the admin's bulk edit, rare) locks the table against other writers.
 *
 * Access is decided first: Payload checks it only after `beforeOperation`, and a lock taken for
 * a caller it then refuses made that caller wait behind every writer (and every writer behind a
 * table lock it queued for). A caller the rule refuses gets 403 at once; a caller whose access
 * is a row filter takes no lock.
 *
 * `table` is the collection's PostgreSQL table (a constant of the collection, never input).
 */
export function lockRowsBeforeUpdate(table: string): CollectionBeforeOperationHook {
  return async ({ args, collection, operation, overrideAccess, req }) => {
    // Without a transaction (`disableTransaction`) a lock would end with its own statement.
    if (operation !== 'update' || !req.transactionID) return args
    const id: unknown = 'id' in args ? args.id : undefined
    const isOneDocument = typeof id === 'string' || typeof id === 'number'
    const access = await accessDecidedNow({
      collection,
      operation,
      overrideAccess,
      req,
      id: isOneDocument ? id : undefined,
      data: args.data,
    })
    // A row filter (a rule such as "own rows only"; no collection with this hook has one for
    // updates today) takes no lock: Payload narrows or refuses the write itself.
    if (access !== true) return args
    const db = await transactionDatabase(req)
    if (isOneDocument) {
      await db.execute(
        sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id} FOR NO KEY UPDATE`,
      )
    } else {
      await db.execute(sql`LOCK TABLE ${sql.identifier(table)} IN SHARE ROW EXCLUSIVE MODE`)
    }
    return args
  }
}
