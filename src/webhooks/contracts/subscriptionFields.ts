import { z } from 'zod'

import { extraHeaderNamePattern } from '@/webhooks/deliveryRequest'
import { eventCatalogue } from '@/webhooks/eventCatalogue'
import {
  endpointUrlProblem,
  headerValuePattern,
  httpUrlPattern,
  isHttpUrl,
  noEventsMessage,
  maxDeliveriesPerSecondLimit,
  maxFilterBytes,
  maxFilterDepth,
  validateFilter,
  validateHeaders,
} from '@/webhooks/validateSubscription'
import { maxTimeoutSeconds } from '@/webhooks/workerSettings'

/**
 * An absolute http(s) URL (400 otherwise). The reference shows it as a URI with a pattern that
 * every URL it matches passes (`httpUrlPattern`).
 */
export const endpointUrl = z
  .string()
  .max(2048)
  .refine(isHttpUrl, { error: (issue) => endpointUrlProblem(issue.input) })
  .meta({
    description:
      'Absolute `http` or `https` URL of your receiver. It must not resolve to a private, ' +
      'loopback, link-local or metadata address (400); its reachability is probed, never refused.',
    override: { format: 'uri', pattern: httpUrlPattern },
  })
/** Extra headers sent with each delivery; the service's own headers cannot be overridden. */
export const extraHeaders = z
  .record(z.string(), z.string())
  .superRefine((value, context) => {
    const verdict = validateHeaders(value)
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict })
  })
  .meta({
    description:
      'Extra headers sent with each delivery: header-name tokens other than the ones the ' +
      'service sets (`Content-Type`, `Content-Length`, `Transfer-Encoding`, `Connection`, ' +
      '`Host`, `User-Agent` and every `webhook-*`, in any case), single-line values.',
    override: {
      propertyNames: { type: 'string', pattern: extraHeaderNamePattern },
      additionalProperties: { type: 'string', pattern: headerValuePattern },
    },
  })
/**
 * Event type names, or `*` for all. Which names exist is data (the `webhook-event-types`
 * collection, where an administrator may deactivate one): an unknown or inactive name is a 422
 * from the operation, so the reference describes the names rather than listing them.
 */
export const eventNames = z
  .array(
    z
      .string()
      .min(1)
      .max(100)
      .describe(
        'An active event type name as listed by `GET /webhooks/event-types` (the service emits ' +
          `${eventCatalogue.map((event) => `\`${event.name}\``).join(', ')}), or \`*\` for every ` +
          'type your grants let you receive, now and later. An unknown or inactive name is ' +
          'answered 422 with `invalid_events`; a type that needs a grant you do not hold, 403 ' +
          'naming the grant.',
      ),
  )
  .min(1, noEventsMessage)
  .max(100)
/** How long a delivery waits for the endpoint's answer. */
export const timeoutSeconds = z.int().min(1).max(maxTimeoutSeconds)
/** Optional rate limit of the endpoint; `null` removes it. */
export const maxDeliveriesPerSecond = z
  .int()
  .min(1)
  .max(maxDeliveriesPerSecondLimit)
  .nullable()
  .describe(
    'At most this many deliveries a second to this endpoint, across all workers; null: no limit',
  )
/** Optional filter on the event's data; `null` removes it. */
export const eventFilter = z
  .record(z.string(), z.unknown())
  .nullable()
  .superRefine((value, context) => {
    const verdict = validateFilter(value)
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict })
  })
  .meta({
    description:
      "Only events whose `data` contains this JSON object are delivered (PostgreSQL's `@>`: " +
      '`{"status": "paid"}` matches data with `status: "paid"`; nested objects match by ' +
      "containment, an array matches when each of its elements is among the data array's). " +
      `At most ${maxFilterBytes} bytes of JSON and ${maxFilterDepth} levels deep (400). ` +
      'Absent or `null`: every event of the subscribed types. Test events ignore it. ' +
      'A change applies to events emitted after it (and to `recover`).',
  })
/** Whether one object's events arrive in the order they were emitted. */
export const orderedDelivery = z
  .boolean()
  .describe(
    'Events about the same object (each event type names its key, e.g. `order:{id}`) reach ' +
      'this subscription in the order they were emitted: while one is retried, the later ones ' +
      'for that object wait; other objects flow. Applies to events emitted after it is set.',
  )
