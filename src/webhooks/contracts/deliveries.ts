import { z } from 'zod'

import { recordIdText } from '@/http/ids'
import { isoTimestamp } from '@/http/isoTimestamp'
import { attemptTriggers } from '../attemptTrigger'
import { deliveryStatuses, replayableStatuses, replayLimit } from '../deliveryStatus'
import { nextAttemptReasons } from '../nextAttempt'
import { pageOf, pageQuery } from './paging'

/** When a delivery's next attempt comes, and why (`findNextAttempt`). */
export const nextAttemptResource = z
  .object({
    at: z.iso
      .datetime()
      .nullable()
      .describe(
        'When the next attempt comes at the earliest: the later of `next_attempt_at` and the ' +
          "endpoint's `backoff_until`, never before this answer (a time that has passed is " +
          'due now: the time of the answer); null when no attempt comes, or when it waits for ' +
          'an earlier delivery (`waiting_for_earlier`)',
      ),
    reason: z
      .enum(nextAttemptReasons)
      .describe(
        '`scheduled`: at its own time (queued, or the retry schedule); `due`: due now, waiting ' +
          'for a worker; `backing_off`: the endpoint failed and pauses until `at` (the ' +
          "subscription's `backoff_until`; then one delivery goes as a probe); " +
          '`waiting_for_earlier`: the subscription is `ordered` and the delivery of an earlier ' +
          'event about the same object (`waiting_for_delivery_id`) is not yet delivered or ' +
          'given up (`at` is null: it goes after that one); `rate_limited`: due, and sent in its ' +
          "turn at the subscription's `max_deliveries_per_second`, from `at` at the earliest; " +
          '`suspended`: none while an administrator suspends the subscription or its consumer ' +
          '(held: it goes when the suspension ends); `endpoint_off`: ' +
          'none while the subscription is turned off; `sending`: being sent now; `delivered`, ' +
          '`given_up`: no more attempts; `cancelled`: never sent, the consumer no longer ' +
          'holds the grant its type needs (`last_error` says which)',
      ),
    endpoint_failure_count: z
      .number()
      .int()
      .describe("The subscription's failed deliveries in a row (its `failure_count`)"),
    waiting_for_delivery_id: z
      .number()
      .int()
      .nullable()
      .describe('`waiting_for_earlier`: the delivery this one waits for; null otherwise'),
  })
  .meta({ id: 'WebhookNextAttempt' })

/** One entry of a subscription's delivery log. */
export const deliveryResource = z
  .object({
    id: z.number().int(),
    subscription_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    is_test: z
      .boolean()
      .describe(
        'A test event, sent to this subscription only (its body has `"test": true`): example ' +
          'data, not a real record',
      ),
    payload: z.unknown(),
    status: z.enum(deliveryStatuses),
    attempts: z.number().int(),
    next_attempt_at: z.iso
      .datetime()
      .nullable()
      .describe(
        "The delivery's own time for its next attempt, which its endpoint's back-off may pass " +
          '(it may then lie in the past): `next_attempt` says when it comes',
      ),
    next_attempt: nextAttemptResource,
    last_attempt_at: z.iso.datetime().nullable(),
    last_response_status: z.number().nullable(),
    last_response_body: z.string().nullable(),
    last_error: z.string().nullable(),
    duration_ms: z.number().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDelivery' })
/** One entry of the delivery log. */
export type Delivery = z.infer<typeof deliveryResource>

/** One attempt at sending a delivery. */
export const attemptResource = z
  .object({
    id: z.number().int(),
    delivery_id: z.number().int(),
    attempt: z.number().int().describe("1 for the delivery's first attempt"),
    trigger: z
      .enum(attemptTriggers)
      .describe(
        '`test`: the first attempt of a test event (sent on request, or when the subscription ' +
          'was created); `manual`: a retry, send now, bulk replay or recover asked for it; ' +
          '`scheduled`: the retry schedule',
      ),
    attempted_at: z.iso.datetime().describe('When the request started'),
    duration_ms: z.number().int().describe('Until the response ended, or the error'),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().describe("The response body's first 8 KB"),
    error: z.string().nullable().describe('Why no response came (timeout, refused, ...)'),
    signature: z.string().nullable().describe('The `webhook-signature` header sent'),
    request_headers: z
      .record(z.string(), z.string())
      .nullable()
      .describe(
        'Every request header sent, by lower-case name: your extra headers, `content-type`, ' +
          '`user-agent` and the `webhook-*` ones; null for attempts logged before they were kept',
      ),
  })
  .meta({ id: 'WebhookDeliveryAttempt' })
/** One attempt at sending a delivery. */
export type Attempt = z.infer<typeof attemptResource>

/** Query of the delivery log: paging, and optionally a status, an event type and a time range. */
export const listDeliveriesInput = pageQuery.extend({
  status: z.enum(deliveryStatuses).optional(),
  event_type: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('Only deliveries of this event type (its exact name, e.g. `order.paid`)'),
  since: isoTimestamp
    .optional()
    .describe('Only deliveries created at or after this time (ISO 8601)'),
  until: isoTimestamp
    .optional()
    .describe('Only deliveries created before this time (ISO 8601); it must come after `since`'),
})

/** Answer of `GET /webhooks/subscriptions/:id/deliveries`: a page of the log. */
export const listDeliveriesOutput = pageOf(deliveryResource)

/** Path parameter: a delivery id. */
export const getDeliveryParams = z.object({ id: recordIdText })

/** Answer of `GET /webhooks/deliveries/:id`: the delivery with the body its attempts send. */
export const getDeliveryOutput = z.object({
  data: deliveryResource
    .extend({
      request_body: z
        .string()
        .describe(
          'The request body as sent, byte for byte: the same JSON text on every attempt, the ' +
            'one its `webhook-signature` signs',
        ),
    })
    .meta({
      id: 'WebhookDeliveryWithRequest',
      description: 'A delivery of the log, with the request body its attempts send',
    }),
})
/** A delivery with the request body it is sent with. */
export type DeliveryDetail = z.infer<typeof getDeliveryOutput>['data']

/** Path parameter: a delivery id. */
export const listAttemptsParams = z.object({ id: recordIdText })

/** Answer of `GET /webhooks/deliveries/:id/attempts`: a page of attempts. */
export const listAttemptsOutput = pageOf(attemptResource)

/** Path parameter of the retry: a delivery id. */
export const retryDeliveryInput = z.object({ id: recordIdText })

/** Answer 202 of `POST /webhooks/deliveries/:id/retry`. */
export const retryDeliveryOutput = z.object({ data: deliveryResource })

/** Answer 202 of `POST /webhooks/subscriptions/:id/send-now`: the delivery now on its way. */
export const sendNowOutput = z.object({ data: deliveryResource })

/** Path parameter of the admin panel's retry: the delivery id. */
export const retryDeliveryAsAdminInput = z.object({ id: recordIdText })

/** Answer 202 of the admin panel's retry. */
export const retryDeliveryAsAdminOutput = z.object({
  data: z.object({ id: z.number().int(), status: deliveryResource.shape.status }),
})

/** Body of `POST /webhooks/subscriptions/:id/recover`. */
export const recoverEventsInput = z
  .strictObject({
    since: isoTimestamp.describe(
      'Start of the window (ISO 8601), within the retention period (30 days by default)',
    ),
    until: isoTimestamp.optional().describe('End of the window (ISO 8601); now when absent'),
  })
  .meta({ id: 'RecoverEventsInput' })

/** Answer 202 of the recover. */
export const recoverEventsOutput = z.object({
  data: z.object({
    queued: z
      .number()
      .int()
      .describe('Deliveries queued: missed events, and given-up deliveries sent once more'),
    since: z.iso.datetime(),
    until: z.iso.datetime(),
  }),
})
/** What a recover queued. */
export type RecoveredEvents = z.infer<typeof recoverEventsOutput>['data']

/** Body of `POST /webhooks/subscriptions/:id/replay`. */
export const replayDeliveriesInput = z
  .strictObject({
    status: z
      .enum(replayableStatuses)
      .describe('`dead`: given up after their last attempt; `failed`: waiting for a retry'),
    since: isoTimestamp.describe('Start of the window of event times (ISO 8601)'),
    until: isoTimestamp.optional().describe('End of the window (ISO 8601); now when absent'),
    after_id: z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647) // delivery ids are PostgreSQL integers
      .optional()
      .describe("Continue past this delivery: the previous answer's `next_after_id`"),
  })
  .meta({ id: 'ReplayDeliveriesInput' })

/** Answer 202 of the replay. */
export const replayDeliveriesOutput = z.object({
  data: z.object({
    queued: z.number().int().describe(`Deliveries queued again, at most ${replayLimit}`),
    remaining: z
      .number()
      .int()
      .describe('Deliveries past the last one queued still in that status and window'),
    next_after_id: z
      .number()
      .int()
      .nullable()
      .describe(
        'When some remain: send it as `after_id` with the same body to queue the next ones; ' +
          '`null` when none remain',
      ),
    since: z.iso.datetime(),
    until: z.iso.datetime(),
  }),
})
/** What a replay queued, and what is left in its window. */
export type ReplayedDeliveries = z.infer<typeof replayDeliveriesOutput>['data']
