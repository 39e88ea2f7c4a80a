import { z } from 'zod'

import { offsetPage } from '@/http/pageMeta'
import { parseInput } from '@/http/parseInput'
import { listSubscriptionsInput, listSubscriptionsOutput } from '@/webhooks/contracts/subscriptions'
import { listSubscriptions } from '@/webhooks/operations/listSubscriptions'
import { defineEndpoint } from '@/http/defineEndpoint'
import { requireConsumer } from './requireConsumer'
import { toSubscriptionResource } from './resources'

export const listSubscriptionsEndpoint = defineEndpoint({
  path: '/webhooks/subscriptions',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookSubscriptions',
    summary: "List the caller's subscriptions",
    description: "Newest first; only the calling consumer's own.",
    tags: ['Webhook subscriptions'],
    security: ['apiKey', 'portalSession'],
    query: listSubscriptionsInput,
    responses: { 200: { description: 'A page of subscriptions', schema: listSubscriptionsOutput } },
    errors: ['forbidden'],
  },
  handler: async (req) => {
    requireConsumer(req)
    const query = parseInput(listSubscriptionsInput, req.query)
    const page = await listSubscriptions({ req, page: query.page, perPage: query.per_page })
    return Response.json({
      data: page.docs.map(toSubscriptionResource),
      meta: offsetPage(page),
    } satisfies z.infer<typeof listSubscriptionsOutput>)
  },
})
