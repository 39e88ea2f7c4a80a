import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { subscriptionStats, type AttemptFigures } from '@/webhooks/operations/subscriptionStats'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'

const figures = {
  attempts: z.number().int(),
  succeeded: z.number().int().describe('Attempts answered with a 2xx status'),
  failed: z.number().int().describe('Any other status, a timeout or a connection error'),
  p50_ms: z
    .number()
    .int()
    .nullable()
    .describe("Median of the attempts' durations, failed ones included; null without attempts"),
  p95_ms: z
    .number()
    .int()
    .nullable()
    .describe("95th percentile of the attempts' durations; null without attempts"),
}

export const subscriptionStatsOutput = z.object({
  data: z
    .object({
      from: z.iso.datetime().describe('Start of the first hour: 23 hours before the current one'),
      to: z.iso.datetime().describe('Now: the current hour is counted so far'),
      ...figures,
      success_rate: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .describe('`succeeded / attempts`, from 0 to 1; null without attempts'),
      last_delivery_at: z.iso
        .datetime()
        .nullable()
        .describe('The last successful delivery, whenever it was; null: none yet'),
      hours: z
        .array(
          z.object({
            start: z.iso.datetime().describe('The start of the hour (UTC)'),
            ...figures,
          }),
        )
        .describe('24 whole UTC hours, oldest first; the last is the current one'),
    })
    .meta({ id: 'WebhookSubscriptionStats' }),
})

type Figures = Pick<
  z.infer<typeof subscriptionStatsOutput>['data'],
  'attempts' | 'succeeded' | 'failed' | 'p50_ms' | 'p95_ms'
>

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
