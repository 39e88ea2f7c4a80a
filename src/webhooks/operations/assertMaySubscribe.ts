import { sql } from '@payloadcms/db-postgres'

import { conflict } from '@/http/errors'
import type { TransactionDb } from '@/db/transaction'
import { subscriptionsTableName } from '../schema/collectionTables'

/**
 * Refuses (409) one more subscription for a consumer that already has `limit`, inactive ones
 * included (they can be switched on again). It takes the consumer's subscription lock first
 * (an advisory lock until the transaction ends), so two creates for one consumer count one
 * after the other: in the create's transaction, the second waits until the first has committed
 * and then counts its subscription, so the bound holds under concurrent creates. Called outside
 * a transaction, the lock lasts for its statement only: the count is an early answer, not a
 * promise.
 */
export async function assertMaySubscribe(args: {
  db: TransactionDb
  consumerId: string
  limit: number
}): Promise<void> {
  const { db, consumerId, limit } = args
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:subscriptions:${consumerId}`}, 0))`,
  )
  const { rows } = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM ${sql.identifier(subscriptionsTableName)} WHERE consumer_id = ${consumerId}`,
  )
  const count = rows[0]?.count ?? 0
  if (count < limit) return
  const excess = count - limit + 1
  // The bound in numbers: the setting that makes it (`WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER`) is
  // the operator's, which the consumer cannot change.
  throw conflict(
    `You have ${count} subscriptions, ` +
      `${count === limit ? 'the most allowed' : `more than the ${limit} allowed`} ` +
      `(inactive ones count): delete ${excess === 1 ? 'one' : excess} you no longer need ` +
      'before creating another',
  )
}
