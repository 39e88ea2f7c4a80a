import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { subscriptionStats, type AttemptFigures } from '@/webhooks/operations/subscriptionStats'
import { subscriptionIdParams } from '@/webhooks/contracts/subscriptions'
import {
  subscriptionStatsOutput,
  type SubscriptionStats,
} from '@/webhooks/contracts/subscriptionStats'
import { requireConsumer, routeId } from './requireConsumer'

type Figures = Pick<SubscriptionStats, 'attempts' | 'succeeded' | 'failed' | 'p50_ms' | 'p95_ms'>

const toFigures = (from: AttemptFigures): Figures => ({
  attempts: from.attempts,
  succeeded: from.succeeded,
  failed: from.failed,
  p50_ms: from.p50Ms,
  p95_ms: from.p95Ms,
})

export const subscriptionStatsEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/stats',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'readWebhookSubscriptionStats',
    summary: "A subscription's last 24 hours",
    description:
      'From the attempt log, hour by hour and in all: attempts, successes (a 2xx answer), ' +
      'failures, the success rate and the p50 and p95 of the durations, over 24 whole UTC ' +
      'hours up to now (the current hour so far); and the last successful delivery. Another ' +
      "consumer's subscription is 404.",
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    responses: { 200: { description: 'The figures', schema: subscriptionStatsOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const stats = await subscriptionStats({ req, subscriptionId: routeId(req) })
    return Response.json({
      data: {
        from: stats.from.toISOString(),
        to: stats.to.toISOString(),
        ...toFigures(stats),
        success_rate: stats.successRate,
        last_delivery_at: stats.lastDeliveryAt?.toISOString() ?? null,
        hours: stats.hours.map((hour) => ({ start: hour.start.toISOString(), ...toFigures(hour) })),
      },
    } satisfies z.infer<typeof subscriptionStatsOutput>)
  },
})
