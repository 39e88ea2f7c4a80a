import type { PayloadRequest } from 'payload'

import { HttpError } from '@/http/errors'
import { invalidEvents } from '../invalidEvents'
import { listEventTypes } from './listEventTypes'

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

/** Throws `UnknownEventTypesError` naming every requested type that is neither `*` nor active. */
export async function assertEventTypesActive(req: PayloadRequest, events: string[]) {
  const active = (await listEventTypes({ req })).map((type) => type.name)
  const invalid = invalidEvents(events, active)
  if (invalid.length) throw new UnknownEventTypesError(invalid)
}
