import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { eventCatalogue } from '../eventCatalogue'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { isInEitherIndexSql } from '../schema/webhookIndexes'

/** What `last_error` says of a delivery cancelled because `grant` was revoked. */
export const cancelledReason = (grant: string) =>
  `Cancelled: an administrator revoked the \`${grant}\` grant this event type needs; it is not sent.`

/**
 * Cancels the consumer's deliveries of the types `grants` cover that could still be sent:
 * waiting (`pending`, `failed`) and given up (`dead`, which a replay or a recover would send
 * again), each with the revoked grant in `last_error`. A delivery being sent at this moment
 * (`delivering`) finishes its attempt; nothing is sent after it. Runs in `req`'s transaction
 * (the grant change's), so the deliveries are cancelled if and only if the change commits.
 * Returns how many were cancelled.
 */
export async function cancelDeliveriesOfGrants(args: {
  req: PayloadRequest
  consumerId: string
  grants: string[]
}): Promise<number> {
  const { req, consumerId, grants } = args
  let cancelled = 0
  await inTransaction(req, async (db) => {
    for (const grant of grants) {
      const types = eventCatalogue.filter((type) => type.grant === grant).map((type) => type.name)
      if (!types.length) continue
      const { rows } = await db.execute<{ id: number }>(sql`
        UPDATE ${sql.identifier(deliveriesTableName)} d
        SET status = 'cancelled', next_attempt_at = NULL, lease_expires_at = NULL,
            last_error = ${cancelledReason(grant)}, updated_at = now()
        WHERE d.subscription_id = ANY (ARRAY(
            SELECT s.id FROM ${sql.identifier(subscriptionsTableName)} s
            WHERE s.consumer_id = ${consumerId}))
          AND d.status IN ('pending', 'failed', 'dead') AND ${sql.raw(isInEitherIndexSql('d'))}
          AND d.event_type = ANY(${sql`ARRAY[${sql.join(
            types.map((type) => sql`${type}`),
            sql`, `,
          )}]::text[]`})
        RETURNING d.id`)
      cancelled += rows.length
    }
  })
  return cancelled
}
