import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import { subscriptionsTableName } from '../schema/collectionTables'

/**
 * Marks every subscription of consumer `consumerId` as held by its consumer's suspension (or no
 * longer), in `db`'s transaction (the consumer's save): the claim reads the mark on the
 * subscription's own row (`isNotHeldSql`), so a consumer's suspension costs the claim no look-up
 * of the consumer. Each row's update waits for a claim holding it to commit: once this commits,
 * no claim takes a delivery of theirs.
 */
export async function holdConsumerSubscriptions(
  db: TransactionDb,
  args: { consumerId: string; isHeld: boolean },
): Promise<void> {
  await db.execute(sql`
    UPDATE ${sql.identifier(subscriptionsTableName)}
    SET consumer_suspended = ${args.isHeld}
    WHERE consumer_id = ${args.consumerId} AND consumer_suspended <> ${args.isHeld}`)
}

/**
 * Marks new subscription `subscriptionId` as held when its consumer is suspended, in the
 * create's transaction: the consumer's row is read `FOR SHARE`, so a suspension being saved
 * meanwhile is waited for and seen, and one saved later waits for the create and then marks it.
 */
export async function holdIfConsumerSuspended(
  db: TransactionDb,
  args: { consumerId: string; subscriptionId: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE ${sql.identifier(subscriptionsTableName)} s SET consumer_suspended = true
    FROM (SELECT suspended FROM consumers WHERE id = ${args.consumerId} FOR SHARE) c
    WHERE s.id = ${args.subscriptionId} AND c.suspended`)
}
