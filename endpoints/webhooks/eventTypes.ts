import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { offsetPage } from '@/http/pageMeta'
import { parseInput } from '@/http/parseInput'
import { eventTypesOutput, listEventTypesInput } from '@/webhooks/contracts/eventTypes'
import { listEventTypes } from '@/webhooks/operations/listEventTypes'

export const eventTypesEndpoint = defineEndpoint({
  path: '/webhooks/event-types',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookEventTypes',
    summary: 'List the event types',
    description:
      'The active event types a subscription may list, with example payloads, by name; paged ' +
      'like the other lists (`page`, `per_page`, `meta`). Any credentials.',
    tags: ['Webhook subscriptions'],
    security: ['bearer', 'apiKey', 'portalSession'],
    query: listEventTypesInput,
    responses: { 200: { description: 'A page of event types', schema: eventTypesOutput } },
  },
  handler: async (req) => {
    const query = parseInput(listEventTypesInput, req.query)
    // A handful of rows: all are read, and the page is cut from them.
    const eventTypes = await listEventTypes({ req })
    const start = (query.page - 1) * query.per_page
    return Response.json({
      data: eventTypes.slice(start, start + query.per_page).map((doc) => ({
        name: doc.name,
        description: doc.description ?? null,
        example_payload: doc.examplePayload ?? null,
      })),
      meta: offsetPage({ page: query.page, perPage: query.per_page, total: eventTypes.length }),
    } satisfies z.infer<typeof eventTypesOutput>)
  },
})
