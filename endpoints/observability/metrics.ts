import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { metricsContentType } from '@/runtime/metrics'
import { scrapeMetrics } from '@/observability/operations/scrapeMetrics'

export const metricsEndpoint = defineEndpoint({
  path: '/metrics',
  method: 'get',
  family: 'resource',
  access: 'anyone',
  isProbe: true,
  openapi: {
    operationId: 'metrics',
    summary: 'Metrics (Prometheus)',
    description:
      "This process's metrics in the Prometheus text exposition format: HTTP requests by " +
      'route and status with their latency, webhook deliveries by outcome with the send ' +
      'latency, the webhook queue by status, the age of the oldest due delivery, disabled ' +
      'subscriptions, checkouts by outcome, failed e-mails, and Node process metrics. Served ' +
      'only when the deployment sets `METRICS_TOKEN` (404 otherwise), to a caller sending it as ' +
      'a Bearer token. Each process (web, `npm run worker`) has its own: scrape every one.',
    tags: ['Operations'],
    security: ['metricsToken'],
    responses: {
      200: {
        description: 'The metrics',
        contentType: 'text/plain; version=0.0.4',
        schema: z.string(),
      },
    },
    errors: ['unauthorized', 'not_found'],
  },
  handler: async (req) => {
    const text = await scrapeMetrics(req.payload, req.headers.get('authorization'))
    return new Response(text, {
      headers: { 'Content-Type': metricsContentType, 'Cache-Control': 'no-store' },
    })
  },
})
