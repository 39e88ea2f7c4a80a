import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { offsetPage } from '@/http/pageMeta'
import { parseInput } from '@/http/parseInput'
import { listAttemptsOutput, listAttemptsParams } from '@/webhooks/contracts/deliveries'
import { pageQuery } from '@/webhooks/contracts/paging'
import { listAttempts } from '@/webhooks/operations/listAttempts'
import { requireConsumer, routeId } from './requireConsumer'
import { toAttemptResource } from './resources'

export const listAttemptsEndpoint = defineEndpoint({
  path: '/webhooks/deliveries/:id/attempts',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookDeliveryAttempts',
    summary: "A delivery's attempts",
    description:
      'Every attempt at sending one of your deliveries, newest first: when, how long, the ' +
      "response's status and first 8 KB, the error, the signature sent, and whether it was " +
      'scheduled or asked for by hand. Kept as long as the delivery (the retention period).',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: listAttemptsParams,
    query: pageQuery,
    responses: { 200: { description: 'A page of attempts', schema: listAttemptsOutput } },
    errors: ['forbidden', 'validation_failed', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const { id } = parseInput(listAttemptsParams, { id: routeId(req) })
    const query = parseInput(pageQuery, req.query)
    const page = await listAttempts({
      req,
      deliveryId: Number(id),
      page: query.page,
      perPage: query.per_page,
    })
    return Response.json({
      data: page.docs.map(toAttemptResource),
      meta: offsetPage(page),
    } satisfies z.infer<typeof listAttemptsOutput>)
  },
})
