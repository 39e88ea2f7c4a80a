import type { Payload } from 'payload'

import { HttpError } from '@/http/errors'
import { invalidEvents } from '../subscribableEvents'

/**
 * Some requested event types are unknown or inactive: 422 with `invalid_events` naming them,
 * and nothing is stored.
 */
export class UnknownEventTypesError extends HttpError {
  readonly invalidEvents: string[]

  constructor(names: string[]) {
    super({
      code: 'unprocessable_entity',
      message: `Unknown or inactive event types: ${names.join(', ')}`,
      extra: { invalid_events: names },
    })
    this.invalidEvents = names
  }
}

/** Names of the event types that may be subscribed to now. */
export async function activeEventTypeNames(payload: Payload): Promise<string[]> {
  const { docs } = await payload.find({
    collection: 'webhook-event-types',
    where: { isActive: { equals: true } },
    limit: 0,
    pagination: false,
    depth: 0,
  })
  return docs.map((doc) => doc.name)
}

/** Throws `UnknownEventTypesError` naming every requested type that is neither `*` nor active. */
export async function assertEventTypesActive(payload: Payload, events: string[]) {
  const invalid = invalidEvents(events, await activeEventTypeNames(payload))
  if (invalid.length) throw new UnknownEventTypesError(invalid)
}
