import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { inPoolTransaction } from '@/db/poolTransaction'

import { nextBackoff, type AttemptResult, type BackoffSettings } from '../endpointBackoff'
import { disableAfterFailures, foldOutcomes } from '../subscriptionOutcome'
import type { AttemptOutcome } from './sendDelivery'
import { timestampOfMsSql } from './epochMs'
import { attemptLogTableName } from '../schema/attemptLogTable'
import { deliveriesTableName, subscriptionsTableName } from '../schema/collectionTables'
import { disableNoticeTableName } from '../schema/disableNoticeTable'

/**
 * Writes a batch of attempt outcomes in one transaction of a fixed number of statements,
 * whatever its size (one `UPDATE` per send capped throughput at a quarter of the sending rate
 * when measured): the deliveries, and one row per attempt in the attempt log; each subscription's `failure_count` / `last_delivery_at` and
 * its endpoint back-off (src/webhooks/endpointBackoff.ts); then the subscriptions that reached
 * 100 consecutive failed attempts are disabled, and a notice to each owner is written in the
 * same transaction (the `is_active` guard lets only one worker disable a subscription, once).
 * The notice is e-mailed by a loop of its own (src/webhooks/operations/startDisableNotifier.ts):
 * nothing here waits for a mail server. Returns how many subscriptions it disabled.
 *
 * An outcome lands only on the claim it was sent under: the delivery must still be
 * `delivering` under the same lease. A worker that paused past its lease (a GC pause, a stopped
 * process, a database blip while its batch is retried) finds the delivery taken over by another
 * worker, given back, retried by hand or deleted; its outcome then changes nothing, neither the
 * delivery nor the subscription's counters, back-off or in-flight count, and is logged at info.
 * The subscriptions' changes are therefore folded from the outcomes whose delivery matched.
 *
 * Workers' batches share subscriptions, and an `UPDATE ... FROM` locks rows in the order of its
 * input, so the subscriptions are first locked in id order: two batches listing the same
 * subscriptions in opposite orders would otherwise deadlock, one of them would be lost, and its
 * deliveries sent again when their leases lapsed. Two batches that share a delivery share its
 * subscription, so that lock orders the deliveries' updates too.
 *
 * What an operator must hear of is logged once: a delivery that is given up (`dead`, with its
 * last error), an endpoint that starts backing off, a subscription that is disabled.
 */
export async function recordOutcomes(
  payload: Payload,
  pool: Pool,
  outcomes: AttemptOutcome[],
  settings: BackoffSettings & { isAttemptLogged?: boolean },
): Promise<{ disabled: number }> {
  if (!outcomes.length) return { disabled: 0 }
  // Times as epoch milliseconds (numbers cost the driver and the server less than ISO text); `n`
  // is the outcome's place in the batch, which the statement returns for each one that landed.
  const deliveries = outcomes.map((outcome, n) => ({
    n,
    id: outcome.deliveryId,
    lease_ms: outcome.leaseExpiresAt.getTime(),
    status: outcome.status,
    next_ms: outcome.nextAttemptAt?.getTime() ?? null,
    response_status: outcome.responseStatus,
    response_body: outcome.responseBody?.replace(/\u0000/g, '') ?? null,
    error: outcome.error,
    duration_ms: outcome.durationMs,
    attempt: outcome.attempt,
    is_manual: outcome.isManual,
    attempted_ms: outcome.attemptedAt.getTime(),
    signature: outcome.signature,
    subscription_id: outcome.subscriptionId,
    request_headers: outcome.requestHeaders ?? null,
  }))
  let disabled: { id: string; endpoint_url: string; consumer_id: string }[] = []
  const opened: { id: string; endpoint_url: string; until: Date }[] = []
  let landed: AttemptOutcome[] = []
  await inPoolTransaction(pool, async (client) => {
    const { rows: states } = await client.query<{
      id: string
      endpoint_url: string
      is_active: boolean
      backoff_level: number
      backoff_probe_delivery_id: number | null
      backoff_resume_at: Date | null
      failure_count: number
    }>({
      name: 'webhook-outcome-lock-subscriptions',
      // One probe of the primary key per id, locked in the order of the sorted ids (the scan of
      // the whole table that the generic plan of `id = ANY($1)` chose grew with it).
      text: `SELECT s.* FROM unnest($1::varchar[]) WITH ORDINALITY AS c(id, n)
             CROSS JOIN LATERAL (
               SELECT id, endpoint_url, is_active, backoff_level, backoff_probe_delivery_id,
                      backoff_resume_at, coalesce(failure_count, 0)::int AS failure_count
               FROM ${subscriptionsTableName} s WHERE s.id = c.id FOR UPDATE
             ) s
             ORDER BY c.n`,
      values: [[...new Set(outcomes.map((outcome) => outcome.subscriptionId))].sort()],
    })
    // Only a delivery still held under the claim its outcome was sent under is written, and
    // logged: one statement, the batch sent and parsed once.
    const { rows: matched } = await client.query<{ n: number }>({
      name: 'webhook-outcome-deliveries',
      text: `WITH v AS (
         SELECT v.*, ${timestampOfMsSql('v.lease_ms')} AS lease_expires_at,
                ${timestampOfMsSql('v.next_ms')} AS next_attempt_at,
                ${timestampOfMsSql('v.attempted_ms')} AS attempted_at
         FROM jsonb_to_recordset($1::jsonb) AS v(n int, id int, lease_ms int8,
           status text, next_ms int8, response_status int, response_body text,
           error text, duration_ms int, subscription_id text, attempt int, is_manual boolean,
           attempted_ms int8, signature text, request_headers jsonb)
       ), matched AS (
         UPDATE ${deliveriesTableName} d
         SET status = v.status::enum_webhook_deliveries_status, next_attempt_at = v.next_attempt_at,
             lease_expires_at = NULL, last_response_status = v.response_status,
             last_response_body = v.response_body, last_error = v.error,
             duration_ms = v.duration_ms, is_manual = false, updated_at = now()
         FROM v
         WHERE d.id = ANY ($2::int[]) AND d.id = v.id AND d.status = 'delivering'
           AND d.lease_expires_at = v.lease_expires_at
         RETURNING v.*
       ), logged AS (
         INSERT INTO ${attemptLogTableName} (delivery_id, subscription_id, attempt, is_manual,
           attempted_at, duration_ms, response_status, response_body, error, signature,
           request_headers)
         SELECT id, subscription_id, attempt, is_manual, attempted_at, duration_ms,
                response_status, response_body, error, signature, request_headers
         FROM matched WHERE $3::boolean
       )
       SELECT n FROM matched`,
      // The ids once more as an array: the rows are found through the primary key, whatever the
      // planner guesses of the batch's size (as a join alone it hashed the whole table).
      values: [
        JSON.stringify(deliveries),
        deliveries.map((delivery) => delivery.id),
        settings.isAttemptLogged !== false,
      ],
    })
    // In the batch's order (the subscriptions' fold counts the failures after the last success).
    landed = matched
      .map((row) => row.n)
      .sort((a, b) => a - b)
      .map((n) => outcomes[n]!)
    const bySubscription = new Map<string, AttemptResult[]>()
    for (const outcome of landed) {
      const list = bySubscription.get(outcome.subscriptionId) ?? []
      list.push({ deliveryId: outcome.deliveryId, isSuccess: outcome.isSuccess })
      bySubscription.set(outcome.subscriptionId, list)
    }
    const now = new Date()
    const subscriptions = states
      .filter((state) => bySubscription.has(state.id))
      .map((state) => {
        const results = bySubscription.get(state.id)!
        const change = foldOutcomes(results.map((result) => result.isSuccess))
        const backoff = nextBackoff({
          state: {
            level: state.backoff_level,
            probeDeliveryId: state.backoff_probe_delivery_id,
            resumeAt: state.backoff_resume_at,
          },
          results,
          settings,
          now,
        })
        if (backoff?.hasOpened && backoff.until) {
          opened.push({ id: state.id, endpoint_url: state.endpoint_url, until: backoff.until })
        }
        return {
          id: state.id,
          has_success: change.hasSuccess,
          // The row is locked: the count read with the lock is the one this write follows.
          failure_count: change.hasSuccess
            ? change.failures
            : state.failure_count + change.failures,
          has_backoff_change: backoff !== null,
          backoff_level: backoff?.level ?? 0,
          backoff_until: backoff?.until?.toISOString() ?? null,
          // No longer in flight: out of the subscription's count (`in_flight`, by delivery id).
          landed: results.map((result) => String(result.deliveryId)),
        }
      })
    // The count after this batch decides, in the same statement, whether the subscription is
    // disabled (only an active one: one worker disables it, once).
    const { rows: updated } = await client.query<{
      id: string
      endpoint_url: string
      consumer_id: string
      is_active: boolean
    }>({
      name: 'webhook-outcome-subscriptions',
      text: `WITH c AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS c(id text, has_success boolean,
           failure_count int, has_backoff_change boolean, backoff_level int,
           backoff_until timestamptz, landed text[])
       )
       UPDATE ${subscriptionsTableName} s
       SET failure_count = c.failure_count, in_flight = s.in_flight - c.landed,
           last_delivery_at = CASE WHEN c.has_success THEN now() ELSE s.last_delivery_at END,
           backoff_level = CASE WHEN c.has_backoff_change THEN c.backoff_level ELSE s.backoff_level END,
           backoff_until = CASE WHEN c.has_backoff_change THEN c.backoff_until ELSE s.backoff_until END,
           backoff_probe_delivery_id = CASE WHEN c.has_backoff_change THEN NULL
                                            ELSE s.backoff_probe_delivery_id END,
           backoff_resume_at = CASE WHEN c.has_backoff_change THEN NULL
                                    ELSE s.backoff_resume_at END,
           is_active = s.is_active AND c.failure_count < $2,
           disabled_at = CASE WHEN s.is_active AND c.failure_count >= $2 THEN now()
                              ELSE s.disabled_at END,
           updated_at = CASE WHEN s.is_active AND c.failure_count >= $2 THEN now()
                             ELSE s.updated_at END
       FROM c
       WHERE s.id = c.id AND s.id = ANY (ARRAY(SELECT id FROM c))
       RETURNING s.id, s.endpoint_url, s.consumer_id, s.is_active`,
      values: [JSON.stringify(subscriptions), disableAfterFailures],
    })
    const wasActive = new Set(states.filter((state) => state.is_active).map((state) => state.id))
    disabled = updated.filter((row) => !row.is_active && wasActive.has(row.id))
    if (disabled.length) {
      await client.query({
        name: 'webhook-outcome-disable-notices',
        text: `INSERT INTO ${disableNoticeTableName} (subscription_id, consumer_id, endpoint_url, failures)
               SELECT v.id, v.consumer_id, v.endpoint_url, $2
               FROM jsonb_to_recordset($1::jsonb) AS v(id text, consumer_id text, endpoint_url text)`,
        values: [JSON.stringify(disabled), disableAfterFailures],
      })
    }
  })
  const hasLanded = new Set(landed)
  for (const outcome of outcomes.filter((outcome) => !hasLanded.has(outcome))) {
    payload.logger.info(
      `Webhook delivery ${outcome.deliveryId}: outcome (${outcome.status}) of a claim no longer ` +
        'held, not recorded (its lease lapsed; another worker, a manual retry or the cleanup ' +
        'has taken the delivery over since)',
    )
  }
  for (const outcome of landed) {
    if (outcome.status !== 'dead') continue
    payload.logger.warn(
      `Webhook delivery ${outcome.deliveryId} given up after its last attempt: ` +
        (outcome.error ?? `HTTP ${outcome.responseStatus}`),
    )
  }
  for (const endpoint of opened) {
    payload.logger.warn(
      `Webhook endpoint ${endpoint.endpoint_url} (subscription ${endpoint.id}) failed: its ` +
        `deliveries wait until ${endpoint.until.toISOString()}, then one is sent as a probe`,
    )
  }
  for (const subscription of disabled) {
    payload.logger.warn(
      `Webhook subscription ${subscription.id} disabled after ${disableAfterFailures} failed attempts in a row`,
    )
  }
  return { disabled: disabled.length }
}
