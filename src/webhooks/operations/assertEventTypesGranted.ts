import type { PayloadRequest } from 'payload'

import { forbidden } from '@/http/errors'
import { eventCatalogue } from '../eventCatalogue'
import { ungrantedEvents, ungrantedMessage } from '../ungrantedEvents'

/** The grants consumer `consumerId` holds now (none for a consumer that is gone). */
export async function grantsOf(req: PayloadRequest, consumerId: string): Promise<string[]> {
  const consumer = await req.payload.findByID({
    collection: 'consumers',
    id: consumerId,
    depth: 0,
    req,
    overrideAccess: true,
    disableErrors: true,
  })
  return consumer?.grants ?? []
}

/**
 * Refuses (403, naming each type and the grant it needs) a subscription's `events` that list a
 * type the consumer is not granted; nothing is stored. `*` passes: it means every type the
 * consumer is granted, now and later.
 */
export async function assertEventTypesGranted(
  req: PayloadRequest,
  consumerId: string,
  events: string[],
): Promise<void> {
  const refused = ungrantedEvents(events, await grantsOf(req, consumerId), eventCatalogue)
  if (refused.length) throw forbidden(ungrantedMessage(refused))
}
