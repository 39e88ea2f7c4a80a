import { recoverEvents } from '@/webhooks/operations/recoverEvents'
import { configOf } from '@/config/appConfig'
import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import {
  recoverEventsInput,
  recoverEventsOutput,
  type RecoveredEvents,
} from '@/webhooks/contracts/deliveries'
import { subscriptionIdParams } from '@/webhooks/contracts/subscriptions'
import { requireConsumer, routeId } from './requireConsumer'

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
    security: ['apiKey', 'portalSession'],
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
        } satisfies RecoveredEvents,
      },
      { status: 202 },
    )
  },
})
