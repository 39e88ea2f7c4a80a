import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { isoTimestamp } from '@/http/isoTimestamp'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import {
  replayableStatuses,
  replayDeliveries,
  replayLimit,
} from '@/webhooks/operations/replayDeliveries'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'

/** Body of `POST /webhooks/subscriptions/:id/replay`. */
export const replayDeliveriesInput = z
  .strictObject({
    status: z
      .enum(replayableStatuses)
      .describe('`dead`: given up after their last attempt; `failed`: waiting for a retry'),
    since: isoTimestamp.describe('Start of the window of event times (ISO 8601)'),
    until: isoTimestamp.optional().describe('End of the window (ISO 8601); now when absent'),
  })
  .meta({ id: 'ReplayDeliveriesInput' })

export const replayDeliveriesOutput = z.object({
  data: z.object({
    queued: z.number().int().describe(`Deliveries queued again, at most ${replayLimit}`),
    remaining: z
      .number()
      .int()
      .describe('Deliveries still in that status and window: call again with the same body'),
    since: z.iso.datetime(),
    until: z.iso.datetime(),
  }),
})

export const replayDeliveriesEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/replay',
  method: 'post',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'replayWebhookDeliveries',
    summary: 'Send again every delivery that failed or was given up',
    description:
      `Queues again, due at once, up to ${replayLimit} of the subscription's deliveries in ` +
      '`status` whose events happened between `since` and `until` (default now; it must come ' +
      'after `since`, 400 otherwise), oldest first. ' +
      'Each gets a new attempt (shown as manual in its attempts) with the same `webhook-id`. ' +
      'A queued delivery leaves that status: `remaining` says how many are left, and calling ' +
      'again with the same body queues the next ones; nothing already delivered or on its way ' +
      'is queued twice.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    body: replayDeliveriesInput,
    responses: { 202: { description: 'Queued', schema: replayDeliveriesOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const input = parseInput(replayDeliveriesInput, await readJsonBody(req))
    const replayed = await replayDeliveries({
      req,
      id: routeId(req),
      status: input.status,
      since: new Date(input.since),
      until: input.until ? new Date(input.until) : undefined,
    })
    return Response.json(
      {
        data: {
          queued: replayed.queued,
          remaining: replayed.remaining,
          since: replayed.since.toISOString(),
          until: replayed.until.toISOString(),
        },
      } satisfies z.infer<typeof replayDeliveriesOutput>,
      { status: 202 },
    )
  },
})
