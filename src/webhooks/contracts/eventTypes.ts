import { z } from 'zod'

import { pageOf, pageQuery } from './paging'

/** Query of `GET /webhooks/event-types`: paging, as in the other lists. */
export const listEventTypesInput = pageQuery

/** One row of an event type's field table. */
const eventFieldResource = z
  .object({
    name: z
      .string()
      .describe('Its path in `data`: `cover.url` inside an object, `images[].url` in each element'),
    type: z
      .string()
      .describe('Its type in words, e.g. `string, date-time (ISO 8601, UTC) or null`'),
    description: z.string().describe('What it means'),
    required: z
      .boolean()
      .describe(
        'Whether every event of the type has it (it may still be `null` if its type says so)',
      ),
  })
  .meta({ id: 'WebhookEventField' })

/** An event type as `GET /webhooks/event-types` lists it. */
const eventTypeResource = z.object({
  name: z.string().describe('`<resource>.<action>`, as subscriptions list it in `events`'),
  description: z.string().nullable().describe('What happened'),
  fields: z
    .array(eventFieldResource)
    .describe(
      "The fields of the event's `data`, parents before their children; empty for a type the service does not describe",
    ),
  example_payload: z
    .unknown()
    .describe(
      "An example of the event's `data` (made-up values, no real record): what a test of this type sends",
    ),
  payload_schema: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("The JSON Schema (2020-12) of the event's `data`, which the example satisfies"),
  grant: z
    .string()
    .nullable()
    .describe(
      'The grant a consumer must hold to subscribe to this type and receive it (`content`, ' +
        '`orders`, `inquiries`); an administrator gives grants. `null`: none needed',
    ),
  is_granted: z
    .boolean()
    .nullable()
    .describe(
      'Whether you (an API consumer or its portal session) hold that grant: a type you are not ' +
        'granted is refused with 403 when you subscribe, and never sent to you. `null` for a ' +
        'caller that is not a consumer',
    ),
})
/** An event type of the catalogue: its name, what happened, its fields and an example of its `data`. */
export type EventType = z.infer<typeof eventTypeResource>
/** One row of an event type's field table. */
export type EventField = z.infer<typeof eventFieldResource>

/** Answer of `GET /webhooks/event-types`: a page of event types. */
export const eventTypesOutput = pageOf(eventTypeResource)
