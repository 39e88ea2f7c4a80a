import { z } from 'zod'

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

/** Answer of `GET /webhooks/subscriptions/:id/stats`: the last 24 hours. */
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
/** A subscription's last 24 hours, in all and hour by hour. */
export type SubscriptionStats = z.infer<typeof subscriptionStatsOutput>['data']
/** One hour of a subscription's stats. */
export type HourStats = SubscriptionStats['hours'][number]
