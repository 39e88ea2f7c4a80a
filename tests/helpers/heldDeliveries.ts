/**
 * SQL ($1: delivery ids) that marks deliveries as a worker's claim does: `delivering` under the
 * lease ending at `leaseEnd` (SQL), the attempt counted, and each an entry of its subscription's
 * `in_flight`, which the endpoint's cap counts and the recovery of lapsed claims reads
 * (src/webhooks/worker/claimDeliveries.ts). A test that stands in for a worker holding a
 * delivery writes both, as the claim does in one statement.
 */
export const holdDeliveriesSql = (leaseEnd: string) => `WITH held AS (
    UPDATE webhook_deliveries
    SET status = 'delivering', attempts = attempts + 1, lease_expires_at = ${leaseEnd}
    WHERE id = ANY ($1::int[])
    RETURNING id, subscription_id, lease_expires_at
  )
  UPDATE webhook_subscriptions s SET in_flight = s.in_flight || (
    SELECT jsonb_object_agg(h.id::text, round(date_part('epoch', h.lease_expires_at) * 1000)::int8)
    FROM held h WHERE h.subscription_id = s.id)
  WHERE s.id IN (SELECT subscription_id FROM held)`
