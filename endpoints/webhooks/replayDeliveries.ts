import { defineEndpoint } from '@/http/defineEndpoint'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import {
  replayDeliveriesInput,
  replayDeliveriesOutput,
  type ReplayedDeliveries,
} from '@/webhooks/contracts/deliveries'
import { subscriptionIdParams } from '@/webhooks/contracts/subscriptions'
import { replayLimit } from '@/webhooks/deliveryStatus'
import { replayDeliveries } from '@/webhooks/operations/replayDeliveries'
import { requireConsumer, routeId } from './requireConsumer'

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
        } satisfies ReplayedDeliveries,
      },
      { status: 202 },
    )
  },
})
