import { z } from 'zod'

import { offsetPage } from '@/http/pageMeta'
import { parseInput } from '@/http/parseInput'
import { deliveryStatuses } from '@/webhooks/deliveryStatus'
import { listDeliveries } from '@/webhooks/operations/listDeliveries'
import { defineEndpoint } from '@/http/defineEndpoint'
import { requireConsumer, routeId, subscriptionIdParams } from './requireConsumer'
import { deliveryResource, pageMeta, pageQuery, toDeliveryResource } from './resources'

/** Query of the delivery log: paging, optionally one status. */
export const listDeliveriesInput = pageQuery.extend({
  status: z.enum(deliveryStatuses).optional(),
})

export const listDeliveriesOutput = z.object({ data: z.array(deliveryResource), meta: pageMeta })

export const listDeliveriesEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions/:id/deliveries',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookDeliveries',
    summary: "A subscription's delivery log",
    description: 'Newest first, optionally one `status`; response bodies are kept up to 8 KB.',
    tags: ['Webhook subscriptions'],
    security: ['apiKey'],
    params: subscriptionIdParams,
    query: listDeliveriesInput,
    responses: { 200: { description: 'A page of deliveries', schema: listDeliveriesOutput } },
    errors: ['forbidden', 'not_found'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const query = parseInput(listDeliveriesInput, req.query)
    const page = await listDeliveries({
      req,
      subscriptionId: routeId(req),
      status: query.status,
      page: query.page,
      perPage: query.per_page,
    })
    return Response.json({
      data: page.docs.map(toDeliveryResource),
      meta: offsetPage(page),
    } satisfies z.infer<typeof listDeliveriesOutput>)
  },
})
