import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { offsetPage } from '@/http/pageMeta'
import { parseInput } from '@/http/parseInput'
import { eventTypesOutput, listEventTypesInput } from '@/webhooks/contracts/eventTypes'
import { eventTypeDocs } from '@/webhooks/eventTypeDocs'
import { listEventTypes } from '@/webhooks/operations/listEventTypes'
import { grantsOf } from '@/webhooks/operations/assertEventTypesGranted'
import { eventTypeNamed } from '@/webhooks/eventCatalogue'
import { isConsumer } from '@/identity/roles'

export const eventTypesEndpoint = defineEndpoint({
  path: '/webhooks/event-types',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookEventTypes',
    summary: 'List the event types',
    description:
      'The active event types a subscription may list, by name, each with the table of its ' +
      "`data`'s fields (name, type, meaning), an example of its `data` and its JSON Schema, " +
      'the grant it needs and whether the calling consumer holds it; paged like the other ' +
      'lists (`page`, `per_page`, `meta`). Any credentials.',
    tags: ['Webhook subscriptions'],
    security: ['bearer', 'apiKey', 'portalSession'],
    query: listEventTypesInput,
    responses: { 200: { description: 'A page of event types', schema: eventTypesOutput } },
  },
  handler: async (req) => {
    const query = parseInput(listEventTypesInput, req.query)
    // A handful of rows: all are read, and the page is cut from them.
    const eventTypes = await listEventTypes({ req })
    const grants = isConsumer(req.user) ? await grantsOf(req, String(req.user!.id)) : null
    const start = (query.page - 1) * query.per_page
    return Response.json({
      data: eventTypes.slice(start, start + query.per_page).map((doc) => {
        // The catalogue's types are described by their payload schemas; a type only an
        // administrator added (the service never emits it) keeps the example stored with it.
        const docs = eventTypeDocs(doc.name)
        // A type only an administrator added needs no grant: the service never emits it.
        const grant = eventTypeNamed(doc.name)?.grant ?? null
        return {
          name: doc.name,
          description: doc.description ?? null,
          fields: docs?.fields ?? [],
          example_payload: docs?.example ?? doc.examplePayload ?? null,
          payload_schema: docs?.payloadSchema ?? null,
          grant,
          is_granted: grants === null ? null : grant === null || grants.includes(grant),
        }
      }),
      meta: offsetPage({ page: query.page, perPage: query.per_page, total: eventTypes.length }),
    } satisfies z.infer<typeof eventTypesOutput>)
  },
})
