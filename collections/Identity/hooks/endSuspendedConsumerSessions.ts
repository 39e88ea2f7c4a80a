import type { CollectionAfterChangeHook } from 'payload'

import { endSuspendedConsumerPortals } from '@/identity/operations/endSuspendedConsumerPortals'

/**
 * A consumer suspended by this save loses its portal at once: every link and session of it
 * ends, in the save's transaction. (Its API key is refused while the suspension lasts: the key
 * strategy reads it on every request.)
 */
export const endSuspendedConsumerSessions: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  req,
}) => {
  if (doc.suspended === true && previousDoc?.suspended !== true) {
    await endSuspendedConsumerPortals(req, String(doc.id))
  }
  return doc
}
