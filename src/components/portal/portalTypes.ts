/**
 * The consumer webhook API's answers as the portal reads them. The zod schemas of
 * `endpoints/webhooks/*.ts` are the source of truth; code in `src/` may not import them (the
 * layout's import boundary), so these mirror the fields the pages use.
 */

/** `meta` of a paged list. */
export type PageMeta = {
  /** The page number, from 1. */
  page: number
  /** Rows a page holds. */
  per_page: number
  /** Rows in all. */
  total: number
  /** Pages in all. */
  total_pages: number
}

/** A paged list answer. */
export type Paged<T> = { data: T[]; meta: PageMeta }

/** `GET /webhooks/portal-sessions/current`. */
export type PortalSession = {
  /** The consumer whose portal this is. */
  consumer: { id: string; name: string }
  /** Whether every change is refused (403). */
  read_only: boolean
  /** When the session ends at the latest (it also ends after an idle time). */
  expires_at: string
}

/** A subscription, called an endpoint in the portal. */
export type Subscription = {
  /** Its id (a UUID). */
  id: string
  /** Where deliveries are sent. */
  endpoint_url: string
  /** The consumer's own note. */
  description: string | null
  /** Event type names, or `*`. */
  events: string[]
  /** False once disabled (by failures, `disabled_at` set) or paused by hand. */
  is_active: boolean
  /** Extra headers sent with each delivery. */
  headers: Record<string, string>
  /** How long a delivery waits for the answer. */
  timeout_seconds: number
  /** At most this many deliveries a second; null: no limit. */
  max_deliveries_per_second: number | null
  /** When it was created. */
  created_at: string
  /** When its settings last changed (a save, a rotation, the service disabling it). */
  updated_at: string
  /** The last successful delivery. */
  last_delivery_at: string | null
  /** Consecutive failed attempts. */
  failure_count: number
  /** When failures disabled it. */
  disabled_at: string | null
  /** While failing: deliveries wait until then. */
  backoff_until: string | null
  /** The last secret rotation. */
  secret_rotated_at: string | null
  /** Only events whose data contains this object; null: all. */
  filter: Record<string, unknown> | null
  /** One object's events arrive in order. */
  ordered: boolean
}

/** The create answer: the only one besides the rotation's that shows the secret. */
export type CreatedSubscription = {
  /** The new subscription's id. */
  id: string
  /** The signing secret, shown once. */
  secret: string
}

/** The life of a delivery. */
export const deliveryStatuses = ['pending', 'delivering', 'succeeded', 'failed', 'dead'] as const
/** One status of a delivery. */
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/** One entry of the delivery log. */
export type Delivery = {
  /** The delivery id. */
  id: number
  /** Its subscription. */
  subscription_id: string
  /** The event id (`webhook-id`). */
  event_id: string
  /** The event type. */
  event_type: string
  /** Where it is in its life. */
  status: DeliveryStatus
  /** Attempts made so far. */
  attempts: number
  /** When the next attempt is due. */
  next_attempt_at: string | null
  /** When the last attempt started. */
  last_attempt_at: string | null
  /** The last answer's status. */
  last_response_status: number | null
  /** The last answer's body (first 8 KB). */
  last_response_body: string | null
  /** Why the last attempt got no answer. */
  last_error: string | null
  /** How long the last attempt took. */
  duration_ms: number | null
  /** When the delivery was created. */
  created_at: string
}

/** `GET /webhooks/deliveries/:id`: the delivery with the body it is sent with. */
export type DeliveryDetail = Delivery & {
  /** The request body as sent (the signed bytes). */
  request_body: unknown
}

/** One attempt at sending a delivery. */
export type Attempt = {
  /** The attempt's id. */
  id: number
  /** Its number among the delivery's attempts, from 1. */
  attempt: number
  /** `manual`: a retry, replay or recover asked for it. */
  trigger: 'scheduled' | 'manual'
  /** When the request started. */
  attempted_at: string
  /** Until the answer ended, or the error. */
  duration_ms: number
  /** The answer's status. */
  response_status: number | null
  /** The answer's body (first 8 KB). */
  response_body: string | null
  /** Why there was no answer. */
  error: string | null
  /** The `webhook-signature` header sent. */
  signature: string | null
  /** The request headers sent. */
  request_headers?: Record<string, string> | null
}

/** One hour of `GET /webhooks/subscriptions/:id/stats`. */
export type HourStats = {
  /** Start of the hour. */
  start: string
  /** Attempts made in it. */
  attempts: number
  /** Of which succeeded. */
  succeeded: number
  /** Of which failed. */
  failed: number
  /** Median duration, null without attempts. */
  p50_ms: number | null
  /** 95th percentile duration. */
  p95_ms: number | null
}

/** `GET /webhooks/subscriptions/:id/stats`: the last 24 hours. */
export type SubscriptionStats = {
  /** Start of the window. */
  from: string
  /** End of the window. */
  to: string
  /** Attempts in the window. */
  attempts: number
  /** Of which succeeded. */
  succeeded: number
  /** Of which failed. */
  failed: number
  /** Succeeded / attempts, 0..1; null without attempts. */
  success_rate: number | null
  /** Median duration. */
  p50_ms: number | null
  /** 95th percentile duration. */
  p95_ms: number | null
  /** The last delivery. */
  last_delivery_at: string | null
  /** The 24 hours, oldest first. */
  hours: HourStats[]
}

/** An event type of the catalogue. */
export type EventType = {
  /** Its name, e.g. `order.paid`. */
  name: string
  /** What happened. */
  description: string | null
  /** An example of its `data`. */
  example_payload: unknown
  /** The JSON Schema of its `data`, when the API gives it. */
  schema?: unknown
}
