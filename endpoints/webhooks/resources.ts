import { z } from 'zod'

import type { WebhookDelivery, WebhookSubscription } from '@/payload-types'
import { offsetPageMeta } from '@/http/pageMeta'
import { deliveryStatuses } from '@/webhooks/deliveryStatus'
import type { DeliveryAttempt } from '@/webhooks/operations/listAttempts'

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null)
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
const relationId = (value: unknown) =>
  value && typeof value === 'object' ? String((value as { id: unknown }).id) : String(value)

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
    last_delivery_at: z.iso.datetime().nullable(),
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
  })
  .meta({
    id: 'WebhookSubscription',
    description: 'A subscription; its secret is never shown here',
  })

export function toSubscriptionResource(
  doc: WebhookSubscription,
): z.infer<typeof subscriptionResource> {
  return {
    id: doc.id,
    consumer_id: relationId(doc.consumer),
    endpoint_url: doc.endpointUrl,
    description: doc.description ?? null,
    events: (doc.events as string[]) ?? [],
    is_active: doc.isActive ?? true,
    headers: (doc.headers as Record<string, string> | null) ?? {},
    timeout_seconds: doc.timeoutSeconds,
    max_deliveries_per_second: doc.maxDeliveriesPerSecond ?? null,
    created_at: iso(doc.createdAt)!,
    updated_at: iso(doc.updatedAt)!,
    last_delivery_at: iso(doc.lastDeliveryAt),
    failure_count: doc.failureCount ?? 0,
    disabled_at: iso(doc.disabledAt),
    backoff_until: iso(doc.backoffUntil),
    secret_rotated_at: iso(doc.secretRotatedAt),
    filter: isObject(doc.filter) ? doc.filter : null,
    ordered: doc.ordered ?? false,
  }
}

/** One entry of a subscription's delivery log. */
export const deliveryResource = z
  .object({
    id: z.number().int(),
    subscription_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    payload: z.unknown(),
    status: z.enum(deliveryStatuses),
    attempts: z.number().int(),
    next_attempt_at: z.iso.datetime().nullable(),
    last_attempt_at: z.iso.datetime().nullable(),
    last_response_status: z.number().nullable(),
    last_response_body: z.string().nullable(),
    last_error: z.string().nullable(),
    duration_ms: z.number().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDelivery' })

export function toDeliveryResource(doc: WebhookDelivery): z.infer<typeof deliveryResource> {
  return {
    id: doc.id,
    subscription_id: relationId(doc.subscription),
    event_id: doc.eventId,
    event_type: doc.eventType,
    payload: doc.payload,
    status: doc.status,
    attempts: doc.attempts ?? 0,
    next_attempt_at: iso(doc.nextAttemptAt),
    last_attempt_at: iso(doc.lastAttemptAt),
    last_response_status: doc.lastResponseStatus ?? null,
    last_response_body: doc.lastResponseBody ?? null,
    last_error: doc.lastError ?? null,
    duration_ms: doc.durationMs ?? null,
    created_at: iso(doc.createdAt)!,
  }
}

/** One attempt at sending a delivery. */
export const attemptResource = z
  .object({
    id: z.number().int(),
    delivery_id: z.number().int(),
    attempt: z.number().int().describe("1 for the delivery's first attempt"),
    trigger: z
      .enum(['scheduled', 'manual'])
      .describe('`manual`: a retry, bulk replay or recover asked for it'),
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

export function toAttemptResource(attempt: DeliveryAttempt): z.infer<typeof attemptResource> {
  return {
    id: attempt.id,
    delivery_id: attempt.deliveryId,
    attempt: attempt.attempt,
    trigger: attempt.trigger,
    attempted_at: attempt.attemptedAt.toISOString(),
    duration_ms: attempt.durationMs,
    response_status: attempt.responseStatus,
    response_body: attempt.responseBody,
    error: attempt.error,
    signature: attempt.signature,
    request_headers: attempt.requestHeaders,
  }
}

/** Paging of list endpoints, as in the v1 lists. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
})

/** `meta` of a paged list. */
export const pageMeta = offsetPageMeta
