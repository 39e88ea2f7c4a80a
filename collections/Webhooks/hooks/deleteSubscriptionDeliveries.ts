import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeDeleteHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { lockSubscription } from '@/webhooks/operations/lockUnmodifiedSubscription'
import { attemptLogTableName } from '@/webhooks/schema/attemptLogTable'
import { deliveriesTableName } from '@/webhooks/schema/collectionTables'
import { isInEitherIndexSql } from '@/webhooks/schema/webhookIndexes'

/**
 * A deleted subscription takes its delivery log and their attempts with it, in the same
 * transaction (before the row goes). The subscription's row is locked first, then its
 * deliveries: the order the workers take them in (src/webhooks/worker/recordOutcomes.ts). The
 * other way round, a delete beside an outcome being written deadlocked, and answered 500.
 */
export const deleteSubscriptionDeliveries: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const db = await transactionDatabase(req)
  await lockSubscription(db, String(id))
  // The attempts first, through the deliveries (src/webhooks/schema/attemptLogTable.ts): with
  // the subscription locked, no outcome writes another meanwhile (the writer locks it first).
  await db.execute(
    sql`DELETE FROM ${sql.identifier(attemptLogTableName)} a
        USING ${sql.identifier(deliveriesTableName)} d
        WHERE d.subscription_id = ${String(id)} AND ${sql.raw(isInEitherIndexSql('d'))}
          AND a.delivery_id = d.id`,
  )
  await db.execute(
    sql`DELETE FROM ${sql.identifier(deliveriesTableName)} d
        WHERE d.subscription_id = ${String(id)} AND ${sql.raw(isInEitherIndexSql('d'))}`,
  )
}
