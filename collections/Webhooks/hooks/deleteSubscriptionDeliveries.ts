import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeDeleteHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'

/** A deleted subscription takes its delivery log with it, in the same transaction (before the row goes: the log references it). */
export const deleteSubscriptionDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const db = await transactionDatabase(req)
  await db.execute(sql`DELETE FROM webhook_deliveries WHERE subscription_id = ${String(id)}`)
}
