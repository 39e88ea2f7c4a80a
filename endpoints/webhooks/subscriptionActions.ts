import { z } from 'zod'

import { recoverEvents } from '@/webhooks/operations/recoverEvents'
import { rotateSecret } from '@/webhooks/operations/rotateSecret'
import { sendTestEvent } from '@/webhooks/operations/sendTestEvent'
import { configOf } from '@/config/appConfig'
import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import { isoTimestamp } from '@/http/timestamps'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'

export const testSubscriptionOutput = z.object({
  data: z.object({ delivery_id: z.number().int(), event_id: z.uuid() }),
})

/** `POST /webhooks/subscriptions/:id/test`: queues a `webhook.test` event for this subscription only. */
export const testSubscriptionEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/test',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'testWebhookSubscription',
    summary: 'Send a test event',
    description: 'Queues a `webhook.test` delivery to this subscription only.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    responses: { 201: { description: 'Queued', schema: testSubscriptionOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const queued = await sendTestEvent({ req, id: routeId(req) })
    return Response.json(
      {
        data: { delivery_id: queued.deliveryId, event_id: queued.eventId },
      } satisfies z.infer<typeof testSubscriptionOutput>,
      { status: 201 },
    )
  },
})

/** Answer of the rotation: the new secret, when the previous one stops signing, and why. */
export const rotateSecretOutput = z.object({
  secret: z.string().describe('The new signing secret: shown only here'),
  valid_until: z.iso.datetime().describe('Until when the previous secret also signs (10 minutes)'),
  note: z.string(),
})

/**
 * `POST /webhooks/subscriptions/:id/rotate-secret`: a new secret; the previous one keeps
 * signing, second, until `valid_until`.
 */
export const rotateSecretEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/rotate-secret',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      "A new secret; for 10 minutes deliveries carry two signatures, the new secret's first, " +
      'then only the new one. Every secret keeps signing until the `valid_until` its answer ' +
      'promised: a second rotation inside the 10 minutes keeps the secret before it too ' +
      '(three signatures), and a third is refused with 409 until the oldest promise ends ' +
      '(`Retry-After`).',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    responses: { 200: { description: 'The new secret', schema: rotateSecretOutput } },
    errors: ['forbidden', 'not_found', 'conflict'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const { secret, validUntil } = await rotateSecret({ req, id: routeId(req) })
    const body: z.infer<typeof rotateSecretOutput> = {
      secret,
      valid_until: validUntil.toISOString(),
      note:
        'Deliveries carry signatures with both the new and the previous secret (new first) until ' +
        'valid_until; after that only the new secret signs (a secret promised by an earlier ' +
        'rotation keeps signing until its own valid_until). Store this secret now: it is not ' +
        'shown again.',
    }
    return Response.json(body)
  },
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

/**
 * `POST /webhooks/subscriptions/:id/recover`: queues every event of the window that this
 * subscription matches and has not received successfully (missed while it was inactive or
 * disabled, or given up); 202 with how many.
 */
export const recoverEventsEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/recover',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'recoverWebhookEvents',
    summary: 'Queue the events a subscription missed',
    description:
      'Every event between `since` and `until` (default now) that the subscription matches, that ' +
      'happened after it was created and that it has not received successfully is queued: events ' +
      'it never got (it was inactive or disabled) get a delivery; deliveries given up (`dead`) get ' +
      'one more attempt. Deliveries still on their way are left alone, so recovering the same ' +
      'window twice queues nothing twice. Events are kept for the retention period (30 days by ' +
      'default): an older `since` is a 400. An inactive subscription receives them once enabled.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    body: recoverEventsInput,
    responses: { 202: { description: 'Queued', schema: recoverEventsOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const input = parseInput(recoverEventsInput, await readJsonBody(req))
    const recovered = await recoverEvents({
      req,
      id: routeId(req),
      since: new Date(input.since),
      until: input.until ? new Date(input.until) : undefined,
      retentionMs: configOf(req.payload).webhooks.retentionMs,
    })
    return Response.json(
      {
        data: {
          queued: recovered.queued,
          since: recovered.since.toISOString(),
          until: recovered.until.toISOString(),
        },
      } satisfies z.infer<typeof recoverEventsOutput>,
      { status: 202 },
    )
  },
})
