import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { disableAfterFailures, foldOutcomes } from '../subscriptionOutcome'
import type { AttemptOutcome } from './sendDelivery'

/**
 * Writes a batch of attempt outcomes in one transaction of a fixed number of statements,
 * whatever its size (one `UPDATE` per send capped throughput at a quarter of the sending rate when measured):
 * the deliveries; the subscriptions' `failure_count` / `last_delivery_at`; then the
 * subscriptions that reached 100 consecutive failures are disabled, and each owner is e-mailed
 * once (the `is_active` guard lets only one worker disable a subscription).
 *
 * Workers' batches share subscriptions, and an `UPDATE ... FROM` locks rows in the order of its
 * input, so the rows are first locked in id order: two batches listing the same subscriptions
 * in opposite orders would otherwise deadlock, one of them would be lost, and its deliveries
 * sent again when their leases lapsed.
 */
export async function recordOutcomes(payload: Payload, pool: Pool, outcomes: AttemptOutcome[]) {
  if (!outcomes.length) return
  const bySubscription = new Map<string, boolean[]>()
  for (const outcome of outcomes) {
    const list = bySubscription.get(outcome.subscriptionId) ?? []
    list.push(outcome.isSuccess)
    bySubscription.set(outcome.subscriptionId, list)
  }
  const deliveries = outcomes.map((outcome) => ({
    id: outcome.deliveryId,
    status: outcome.status,
    next_attempt_at: outcome.nextAttemptAt?.toISOString() ?? null,
    response_status: outcome.responseStatus,
    response_body: outcome.responseBody?.replace(/\u0000/g, '') ?? null,
    error: outcome.error,
    duration_ms: outcome.durationMs,
  }))
  const subscriptions = [...bySubscription].map(([id, results]) => {
    const change = foldOutcomes(results)
    return { id, has_success: change.hasSuccess, failures: change.failures }
  })

  const client = await pool.connect()
  let disabled: { id: string; endpoint_url: string; email: string | null }[] = []
  try {
    await client.query('BEGIN')
    await client.query(
      'SELECT FROM webhook_deliveries WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [deliveries.map((delivery) => delivery.id)],
    )
    await client.query(
      'SELECT FROM webhook_subscriptions WHERE id = ANY($1::varchar[]) ORDER BY id FOR UPDATE',
      [subscriptions.map((subscription) => subscription.id)],
    )
    await client.query(
      `UPDATE webhook_deliveries d
       SET status = v.status::enum_webhook_deliveries_status, next_attempt_at = v.next_attempt_at,
           lease_expires_at = NULL, last_response_status = v.response_status,
           last_response_body = v.response_body, last_error = v.error,
           duration_ms = v.duration_ms, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS v(id int, status text, next_attempt_at timestamptz,
         response_status int, response_body text, error text, duration_ms int)
       WHERE d.id = v.id`,
      [JSON.stringify(deliveries)],
    )
    await client.query(
      `UPDATE webhook_subscriptions s
       SET failure_count = CASE WHEN v.has_success THEN v.failures
                                ELSE coalesce(s.failure_count, 0) + v.failures END,
           last_delivery_at = CASE WHEN v.has_success THEN now() ELSE s.last_delivery_at END
       FROM jsonb_to_recordset($1::jsonb) AS v(id text, has_success boolean, failures int)
       WHERE s.id = v.id`,
      [JSON.stringify(subscriptions)],
    )
    const result = await client.query(
      `UPDATE webhook_subscriptions s
       SET is_active = false, disabled_at = now(), updated_at = now()
       FROM consumers c
       WHERE s.id = ANY($1::varchar[]) AND s.is_active AND s.failure_count >= $2
         AND c.id = s.consumer_id
       RETURNING s.id, s.endpoint_url, c.email`,
      [subscriptions.map((subscription) => subscription.id), disableAfterFailures],
    )
    disabled = result.rows
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
  for (const subscription of disabled) await notifyDisabled(payload, subscription)
}

async function notifyDisabled(
  payload: Payload,
  subscription: { id: string; endpoint_url: string; email: string | null },
) {
  if (!subscription.email) return
  try {
    await payload.sendEmail({
      to: subscription.email,
      subject: `Webhook subscription disabled: ${subscription.endpoint_url}`,
      text:
        `Your webhook subscription ${subscription.id} to ${subscription.endpoint_url} failed ` +
        `${disableAfterFailures} times in a row and has been disabled.\n\n` +
        'Fix the endpoint, then re-enable it with PATCH /webhooks/subscriptions/' +
        `${subscription.id} {"is_active": true}. Pending deliveries resume once it is enabled.`,
    })
  } catch (err) {
    payload.logger.error({ msg: `Could not e-mail the owner of webhook ${subscription.id}`, err })
  }
}
