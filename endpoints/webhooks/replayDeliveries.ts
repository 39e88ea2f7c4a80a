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
    after_id: z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647) // delivery ids are PostgreSQL integers
      .optional()
      .describe("Continue past this delivery: the previous answer's `next_after_id`"),
  })
  .meta({ id: 'ReplayDeliveriesInput' })

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
      'after `since`, 400 otherwise), in the order they were first queued, past `after_id` ' +
      'when given. ' +
      'Each gets a new attempt (shown as manual in its attempts) with the same `webhook-id`. ' +
      '`remaining` says how many are left past the last one queued; calling again with the ' +
      'same body and `after_id` = `next_after_id` queues the next ones. Nothing already ' +
      'delivered or on its way is queued twice, nor, with `after_id`, what this replay queued ' +
      'and failed again.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
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
      afterId: input.after_id,
    })
    return Response.json(
      {
        data: {
          queued: replayed.queued,
          remaining: replayed.remaining,
          next_after_id: replayed.nextAfterId,
          since: replayed.since.toISOString(),
          until: replayed.until.toISOString(),
        },
      } satisfies z.infer<typeof replayDeliveriesOutput>,
      { status: 202 },
    )
  },
})
