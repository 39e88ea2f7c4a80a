import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeDeleteHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { deliveriesTableName } from '@/webhooks/schema/collectionTables'

/** A deleted subscription takes its delivery log with it, in the same transaction (before the row goes: the log references it). */
export const deleteSubscriptionDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const db = await transactionDatabase(req)
  await db.execute(
    sql`DELETE FROM ${sql.identifier(deliveriesTableName)} WHERE subscription_id = ${String(id)}`,
  )
}
