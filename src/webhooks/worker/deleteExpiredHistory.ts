import type { Pool } from 'pg'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { inPoolTransaction } from '@/db/poolTransaction'
import { deleteAttemptsOfSql } from '../schema/attemptLogTable'
import { eventLogTableName } from '../schema/eventLogTable'
import { isNotHeldSql } from './claimDeliveries'

/** Rows deleted per statement: small enough to hold no lock for long. */
export const historyBatchSize = 5000

/**
 * Deletes what is older than the retention period, in batches of `batchSize` rows (each batch
 * its own statement, taking only rows no one else has locked, so several workers may run it
 * at once): deliveries, whatever their status, with their attempt log (in the same
 * transaction, `deleteAttemptsOfSql`), then the events of the event log that no delivery refers to any more (a
 * delivery's payload is its event's data). Deliveries held by a suspension stay, waiting, however
 * long it lasts (held is not lost), and so do their events. Deliveries being sent under a live lease stay (one
 * whose lease lapsed is no longer in flight: its worker died or stalled, and an outcome it
 * still writes is not recorded). Returns how many of each went.
 */
export async function deleteExpiredHistory(
  pool: Pool,
  args: { retentionMs: number; batchSize?: number },
): Promise<{ events: number; deliveries: number }> {
  const batchSize = args.batchSize ?? historyBatchSize
  const cutoff = new Date(Date.now() - args.retentionMs)
  // Batches until one comes back short; `deleteBatch` deletes one and says how many went.
  const deleteBatches = async (deleteBatch: () => Promise<number>) => {
    let total = 0
    for (;;) {
      const deleted = await deleteBatch()
      total += deleted
      if (deleted < batchSize) return total
    }
  }
  // Each batch of deliveries and then their attempt log, in one transaction.
  const deliveries = await deleteBatches(() =>
    inPoolTransaction(pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `DELETE FROM ${deliveriesTableName} WHERE id IN (
           SELECT d.id FROM ${deliveriesTableName} d WHERE d.created_at < $1
             AND (d.status <> 'delivering' OR d.lease_expires_at <= now())
             AND NOT (d.status IN ('pending', 'failed') AND EXISTS (
               SELECT 1 FROM ${subscriptionsTableName} s
               WHERE s.id = d.subscription_id AND NOT (${isNotHeldSql('s')})))
           LIMIT $2 FOR UPDATE OF d SKIP LOCKED)
         RETURNING id`,
        [cutoff, batchSize],
      )
      if (rows.length) {
        await client.query(deleteAttemptsOfSql('$1::int[]'), [rows.map((row) => row.id)])
      }
      return rows.length
    }),
  )
  // An event goes once no delivery refers to it: a delivery kept (in flight) keeps its payload.
  const events = await deleteBatches(async () => {
    const { rowCount } = await pool.query(
      `DELETE FROM ${eventLogTableName} WHERE id IN (
         SELECT e.id FROM ${eventLogTableName} e WHERE e.occurred_at < $1
           AND NOT EXISTS (SELECT 1 FROM ${deliveriesTableName} d WHERE d.event_seq = e.seq)
         LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [cutoff, batchSize],
    )
    return rowCount ?? 0
  })
  return { events, deliveries }
}
