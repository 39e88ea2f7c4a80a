import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import { assertUnmodifiedSince } from '@/http/preconditions'
import { subscriptionsTableName } from '../schema/collectionTables'

/**
 * Locks subscription `id` for the rest of the caller's transaction and refuses (412) when it
 * was modified after `since`. The lock makes the check hold until the change commits: the
 * worker disabling the subscription, or another person's save, waits for it, and then sees it.
 */
export async function lockUnmodifiedSubscription(args: {
  db: TransactionDb
  id: string
  since: Date | undefined
}): Promise<void> {
  if (!args.since) return
  const row = await lockSubscription(args.db, args.id)
  if (!row) return
  assertUnmodifiedSince({
    modifiedAt: new Date(row.updated_at),
    since: args.since,
    what: 'The subscription',
  })
}

/**
 * Locks subscription `id`'s row for the rest of `db`'s transaction (FOR UPDATE, the lock every
 * writer of a subscription and its deliveries takes first); its `updated_at`, or undefined when
 * it is gone.
 */
export async function lockSubscription(db: TransactionDb, id: string) {
  const { rows } = await db.execute<{ updated_at: string | Date }>(
    sql`SELECT updated_at FROM ${sql.identifier(subscriptionsTableName)} WHERE id = ${id} FOR UPDATE`,
  )
  return rows[0]
}
