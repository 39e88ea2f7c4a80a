import { z } from 'zod'

import { pageOf, pageQuery } from './paging'
import {
  endpointUrl,
  eventFilter,
  eventNames,
  extraHeaders,
  maxDeliveriesPerSecond,
  orderedDelivery,
  timeoutSeconds,
} from './subscriptionFields'

/** The `{id}` of a subscription, as documented (another id names nothing: 404). */
export const subscriptionIdParams = z.object({ id: z.uuid().describe('The subscription id') })

/** A subscription as the API shows it: every field but the secrets. */
export const subscriptionResource = z
  .object({
    id: z.uuid(),
    consumer_id: z.string(),
    endpoint_url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    is_active: z.boolean(),
    headers: z.record(z.string(), z.string()),
    timeout_seconds: z.number().int(),
    max_deliveries_per_second: z
      .number()
      .int()
      .nullable()
      .describe('At most this many deliveries a second; null: no limit'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    last_delivery_at: z.iso
      .datetime()
      .nullable()
      .describe('When a delivery to the endpoint last succeeded; failed attempts leave it'),
    failure_count: z.number().int().describe('Consecutive failed deliveries; 100 disables'),
    disabled_at: z.iso.datetime().nullable(),
    backoff_until: z.iso
      .datetime()
      .nullable()
      .describe(
        'Set while the endpoint is failing: deliveries wait until then, then one is sent as a probe',
      ),
    secret_rotated_at: z.iso.datetime().nullable(),
    filter: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('Only events whose data contains this object are delivered; null: no filter'),
    ordered: z.boolean().describe("One object's events arrive in the order they were emitted"),
    suspension: z
      .object({
        reason: z.string().describe("The administrator's reason"),
        since: z.iso.datetime(),
      })
      .nullable()
      .describe(
        "An administrator's suspension: while it lasts nothing is sent, deliveries wait (held, " +
          'not lost, counted as no failure) and go out when it ends; the consumer cannot turn ' +
          'the subscription on (409). null: not suspended',
      ),
  })
  .meta({
    id: 'WebhookSubscription',
    description: 'A subscription; its secret is never shown here',
  })
/** A subscription (the portal calls it an endpoint), without its secrets. */
export type Subscription = z.infer<typeof subscriptionResource>

/** Answer of `GET` and `PATCH /webhooks/subscriptions/:id`. */
export const subscriptionOutput = z.object({ data: subscriptionResource })

/** Query of `GET /webhooks/subscriptions`. */
export const listSubscriptionsInput = pageQuery

/** Answer of `GET /webhooks/subscriptions`: a page of subscriptions. */
export const listSubscriptionsOutput = pageOf(subscriptionResource)

/** Body of `POST /webhooks/subscriptions`. */
export const createSubscriptionInput = z.object({
  endpoint_url: endpointUrl,
  events: eventNames,
  description: z.string().max(1000).nullish(),
  headers: extraHeaders.optional(),
  timeout_seconds: timeoutSeconds.optional(),
  max_deliveries_per_second: maxDeliveriesPerSecond.optional(),
  filter: eventFilter.optional(),
  ordered: orderedDelivery.optional(),
})

/** Answer 201 of the create: the only answer besides the rotation's that shows the secret. */
export const createSubscriptionOutput = z.object({
  id: z.uuid(),
  endpoint_url: z.string(),
  events: z.array(z.string()),
  secret: z
    .string()
    .describe('The signing secret (base64 of 24 random bytes): shown only here and on rotation'),
  created_at: z.iso.datetime(),
  test_sent: z.literal(true),
})
/** The create's answer, with the secret shown once. */
export type CreatedSubscription = z.infer<typeof createSubscriptionOutput>

/** Body of `PATCH /webhooks/subscriptions/:id`: any of these; anything else is a 400. */
export const updateSubscriptionInput = z.strictObject({
  endpoint_url: endpointUrl.optional(),
  events: eventNames.optional(),
  description: z.string().max(1000).nullable().optional(),
  headers: extraHeaders.optional(),
  timeout_seconds: timeoutSeconds.optional(),
  max_deliveries_per_second: maxDeliveriesPerSecond.optional(),
  is_active: z.boolean().optional(),
  filter: eventFilter.optional(),
  ordered: orderedDelivery.optional(),
})

/** The 422 of create and update: the unknown or inactive names, beside the message. */
export const unknownEventTypesBody = z
  .object({
    error: z.string(),
    invalid_events: z.array(z.string()).describe('The names that are unknown or inactive'),
  })
  .meta({ id: 'UnknownEventTypes' })

/** Answer of the rotation: the new secret, when the previous one stops signing, and why. */
export const rotateSecretOutput = z.object({
  secret: z.string().describe('The new signing secret: shown only here'),
  valid_until: z.iso.datetime().describe('Until when the previous secret also signs (10 minutes)'),
  note: z.string(),
})
/** The rotation's answer, with the new secret shown once. */
export type RotatedSecret = z.infer<typeof rotateSecretOutput>

/** Body of `POST /webhooks/subscriptions/:id/test` (optional: an empty body sends `webhook.test`). */
export const testSubscriptionInput = z
  .strictObject({
    event_type: z
      .string()
      .max(100)
      .optional()
      .describe(
        'The event type whose example to send: any active type (`GET /webhooks/event-types`), ' +
          'listed by the subscription or not; `webhook.test` when absent',
      ),
  })
  .meta({ id: 'TestSubscriptionInput' })

/** Answer 201 of `POST /webhooks/subscriptions/:id/test`: the queued test delivery. */
export const testSubscriptionOutput = z.object({
  data: z.object({ delivery_id: z.number().int(), event_id: z.uuid() }),
})
/** The test's answer. */
export type QueuedTest = z.infer<typeof testSubscriptionOutput>
