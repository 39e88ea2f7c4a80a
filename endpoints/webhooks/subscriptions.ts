import { z } from 'zod'

import { offsetPage } from '@/http/pageMeta'
import { parseInput } from '@/http/parseInput'
import { extraHeaderNamePattern } from '@/webhooks/deliveryRequest'
import { eventCatalogue } from '@/webhooks/eventCatalogue'
import {
  headerValuePattern,
  httpUrlPattern,
  isHttpUrl,
  maxDeliveriesPerSecondLimit,
  validateHeaders,
} from '@/webhooks/validateSubscription'
import { maxTimeoutSeconds } from '@/webhooks/workerSettings'
import { createSubscription } from '@/webhooks/operations/createSubscription'
import { listSubscriptions } from '@/webhooks/operations/listSubscriptions'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { requireConsumer } from './requireConsumer'
import { pageMeta, pageQuery, subscriptionResource, toSubscriptionResource } from './resources'
import { answeringUnknownEventTypes, unknownEventTypesResponse } from './unknownEventTypesResponse'

/**
 * An absolute http(s) URL (400 otherwise). The reference shows it as a URI with a pattern that
 * every URL it matches passes (`httpUrlPattern`).
 */
export const endpointUrl = z
  .string()
  .max(2048)
  .refine(isHttpUrl, 'must be an absolute http(s) URL')
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
          `${eventCatalogue.map((event) => `\`${event.name}\``).join(', ')}), or \`*\` for all ` +
          'of them. An unknown or inactive name is answered 422 with `invalid_events`.',
      ),
  )
  .min(1)
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

/** Body of `POST /webhooks/subscriptions`. */
export const createSubscriptionInput = z.object({
  endpoint_url: endpointUrl,
  events: eventNames,
  description: z.string().max(1000).nullish(),
  headers: extraHeaders.optional(),
  timeout_seconds: timeoutSeconds.optional(),
  max_deliveries_per_second: maxDeliveriesPerSecond.optional(),
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

/** `POST /webhooks/subscriptions`: subscribes the calling consumer. */
export const createSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'createWebhookSubscription',
    summary: 'Subscribe to events',
    description:
      'For API consumers (a user token is 403). `events` lists event type names or `*`. The ' +
      'endpoint must resolve to a public address; its reachability is probed but never refused. ' +
      'A `webhook.test` event is queued for the new subscription.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    body: createSubscriptionInput,
    responses: {
      201: { description: 'Subscribed', schema: createSubscriptionOutput },
      422: unknownEventTypesResponse,
    },
    errors: ['forbidden'],
  },
  handler: (req) =>
    answeringUnknownEventTypes(async () => {
      const consumerId = requireConsumer(req)
      const input = parseInput(createSubscriptionInput, await readJsonBody(req))
      const { subscription, secret } = await createSubscription({
        req,
        consumerId,
        input: {
          endpointUrl: input.endpoint_url,
          events: input.events,
          description: input.description,
          headers: input.headers,
          timeoutSeconds: input.timeout_seconds,
          maxDeliveriesPerSecond: input.max_deliveries_per_second,
        },
      })
      const body: z.infer<typeof createSubscriptionOutput> = {
        id: subscription.id,
        endpoint_url: subscription.endpointUrl,
        events: subscription.events as string[],
        secret,
        created_at: new Date(subscription.createdAt).toISOString(),
        test_sent: true,
      }
      return Response.json(body, { status: 201 })
    }),
})

/** Query of `GET /webhooks/subscriptions`. */
export const listSubscriptionsInput = pageQuery

export const listSubscriptionsOutput = z.object({
  data: z.array(subscriptionResource),
  meta: pageMeta,
})

/** `GET /webhooks/subscriptions`: the caller's subscriptions, newest first, paged. */
export const listSubscriptionsEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookSubscriptions',
    summary: "List the caller's subscriptions",
    description: "Newest first; only the calling consumer's own.",
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    query: listSubscriptionsInput,
    responses: { 200: { description: 'A page of subscriptions', schema: listSubscriptionsOutput } },
    errors: ['forbidden'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const query = parseInput(listSubscriptionsInput, req.query)
    const page = await listSubscriptions({ req, page: query.page, perPage: query.per_page })
    return Response.json({
      data: page.docs.map(toSubscriptionResource),
      meta: offsetPage(page),
    } satisfies z.infer<typeof listSubscriptionsOutput>)
  },
})
