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
  const { rows } = await args.db.execute<{ updated_at: string | Date }>(
    sql`SELECT updated_at FROM ${sql.identifier(subscriptionsTableName)} WHERE id = ${args.id} FOR UPDATE`,
  )
  const row = rows[0]
  if (!row) return
  assertUnmodifiedSince({
    modifiedAt: new Date(row.updated_at),
    since: args.since,
    what: 'The subscription',
  })
}
