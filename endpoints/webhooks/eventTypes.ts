import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { listEventTypes } from '@/webhooks/operations/listEventTypes'

export const eventTypesOutput = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      example_payload: z.unknown(),
    }),
  ),
})

/** `GET /webhooks/event-types`: the active event types (any authenticated caller). */
export const eventTypesEndpoint = defineEndpoint({
  path: '/webhooks/event-types',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listWebhookEventTypes',
    summary: 'List the event types',
    description:
      'The active event types a subscription may list, with example payloads. Any credentials.',
    tags: ['Webhook subscriptions'],
    responses: { 200: { description: 'The event types', schema: eventTypesOutput } },
  },
  handler: async (req) => {
    const eventTypes = await listEventTypes({ req })
    return Response.json({
      data: eventTypes.map((doc) => ({
        name: doc.name,
        description: doc.description ?? null,
        example_payload: doc.examplePayload ?? null,
      })),
    } satisfies z.infer<typeof eventTypesOutput>)
  },
})
