import { z } from 'zod'

import { pageOf, pageQuery } from './paging'

/** Query of `GET /webhooks/event-types`: paging, as in the other lists. */
export const listEventTypesInput = pageQuery

/** An event type as `GET /webhooks/event-types` lists it. */
const eventTypeResource = z.object({
  name: z.string(),
  description: z.string().nullable(),
  example_payload: z.unknown(),
})
/** An event type of the catalogue: its name, what happened, an example of its `data`. */
export type EventType = z.infer<typeof eventTypeResource>

/** Answer of `GET /webhooks/event-types`: a page of event types. */
export const eventTypesOutput = pageOf(eventTypeResource)
