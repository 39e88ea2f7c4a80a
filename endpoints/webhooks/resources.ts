import type { WebhookDelivery, WebhookSubscription } from '@/payload-types'
import type { Attempt, Delivery } from '@/webhooks/contracts/deliveries'
import type { Subscription } from '@/webhooks/contracts/subscriptions'
import type { DeliveryAttempt } from '@/webhooks/operations/listAttempts'
import { suspensionOf } from '@/webhooks/suspension'
import {
  findNextAttempt,
  isNextAttemptResource,
  toNextAttemptResource,
} from '@/webhooks/nextAttempt'

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null)
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
const relationId = (value: unknown) =>
  value && typeof value === 'object' ? String((value as { id: unknown }).id) : String(value)

/** A subscription as the API shows it. */
export function toSubscriptionResource(doc: WebhookSubscription): Subscription {
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
    suspension: suspensionOf(doc),
  }
}

/** A delivery as the log shows it. */
export function toDeliveryResource(doc: WebhookDelivery): Delivery {
  return {
    id: doc.id,
    subscription_id: relationId(doc.subscription),
    event_id: doc.eventId,
    event_type: doc.eventType,
    is_test: doc.isTest === true,
    payload: doc.payload,
    status: doc.status,
    attempts: doc.attempts ?? 0,
    next_attempt_at: iso(doc.nextAttemptAt),
    // Computed when the delivery is read (the collection's virtual `nextAttempt`); a document
    // read without it (its subscription unread) is told from its own time alone.
    next_attempt: isNextAttemptResource(doc.nextAttempt)
      ? doc.nextAttempt
      : toNextAttemptResource(
          findNextAttempt({
            status: doc.status,
            nextAttemptAt: doc.nextAttemptAt ? new Date(doc.nextAttemptAt) : null,
            endpoint: { isActive: true, backoffUntil: null, failureCount: 0 },
            now: new Date(),
          }),
        ),
    last_attempt_at: iso(doc.lastAttemptAt),
    last_response_status: doc.lastResponseStatus ?? null,
    last_response_body: doc.lastResponseBody ?? null,
    last_error: doc.lastError ?? null,
    duration_ms: doc.durationMs ?? null,
    created_at: iso(doc.createdAt)!,
  }
}

/** An attempt as the API shows it. */
export function toAttemptResource(attempt: DeliveryAttempt): Attempt {
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
