import type { Pool } from 'pg'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { isNotHeldSql } from './claimDeliveries'

/** Deliveries one statement returns to the queue at most. */
const recoverLimit = 1000

/** What the delivery log says of an attempt whose outcome no worker recorded. */
export const lapsedLeaseError =
  'No outcome was recorded: the worker sending it stopped before its lease lapsed'

/**
 * Returns to the queue the deliveries whose claim lapsed (the worker sending them died or
 * stalled) on subscriptions that cannot be claimed now: inactive (disabled or deactivated),
 * pausing after failures, or held by a suspension. The claim takes over lapsed deliveries of the others itself; these it
 * never looks at, so without this they would stay `delivering` for good. They become `failed`
 * and due at once, unsent: the attempt they were claimed for counts, its outcome unknown, and
 * they are sent when the subscription can take them again. A worker that still sends one finds
 * its claim gone, and its outcome is not recorded (src/webhooks/worker/recordOutcomes.ts).
 * Several workers may run it at once (`SKIP LOCKED`). Returns how many went back.
 */
export async function recoverLapsedLeases(pool: Pool): Promise<number> {
  // Each row is reached through an index: the lapsed claims through the partial index of those
  // in flight, their subscriptions by id, the rows to update by id. (Written as a join, one run
  // during bench:webhooks' backlog of a million deliveries read data files for over nine
  // minutes, and the worker, which runs this between claims, sent nothing meanwhile. Why that
  // plan was chosen was not established; in this form each step has an index to go by.)
  const { rowCount } = await pool.query({
    name: 'webhook-recover-lapsed-leases',
    text: `UPDATE ${deliveriesTableName} d
       SET status = 'failed', next_attempt_at = now(), lease_expires_at = NULL,
           last_response_status = NULL, last_response_body = NULL, duration_ms = NULL,
           last_error = $2, updated_at = now()
       WHERE d.id = ANY (ARRAY(
         SELECT f.id FROM ${deliveriesTableName} f
         WHERE f.status = 'delivering' AND f.lease_expires_at <= now()
           AND NOT EXISTS (
             SELECT 1 FROM ${subscriptionsTableName} s
             WHERE s.id = f.subscription_id AND s.is_active
               AND (s.backoff_until IS NULL OR s.backoff_until <= now()) AND ${isNotHeldSql('s')})
         LIMIT $1
         FOR UPDATE OF f SKIP LOCKED))
         AND d.status = 'delivering' AND d.lease_expires_at <= now()`,
    values: [recoverLimit, lapsedLeaseError],
  })
  return rowCount ?? 0
}
