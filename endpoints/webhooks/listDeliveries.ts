import { z } from 'zod'

import { offsetPage } from '@/http/pageMeta'
import { parseInput } from '@/http/parseInput'
import { listDeliveriesInput, listDeliveriesOutput } from '@/webhooks/contracts/deliveries'
import { listDeliveries } from '@/webhooks/operations/listDeliveries'
import { defineEndpoint } from '@/http/defineEndpoint'
import { subscriptionIdParams } from '@/webhooks/contracts/subscriptions'
import { requireConsumer, routeId } from './requireConsumer'
import { toDeliveryResource } from './resources'

export const listDeliveriesEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/deliveries',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookDeliveries',
    summary: "A subscription's delivery log",
    description:
      'Newest first. Each filter given narrows the log: one `status`, one `event_type`, and ' +
      'the time the delivery was created, from `since` (inclusive) to `until` (exclusive; ' +
      'it must come after `since`, 400 otherwise). Response bodies are kept up to 8 KB.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    params: subscriptionIdParams,
    query: listDeliveriesInput,
    responses: { 200: { description: 'A page of deliveries', schema: listDeliveriesOutput } },
    errors: ['bad_request', 'forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const query = parseInput(listDeliveriesInput, req.query)
    const page = await listDeliveries({
      req,
      subscriptionId: routeId(req),
      status: query.status,
      eventType: query.event_type,
      since: query.since ? new Date(query.since) : undefined,
      until: query.until ? new Date(query.until) : undefined,
      page: query.page,
      perPage: query.per_page,
    })
    return Response.json({
      data: page.docs.map(toDeliveryResource),
      meta: offsetPage(page),
    } satisfies z.infer<typeof listDeliveriesOutput>)
  },
})
