import type { CollectionAfterChangeHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { endSuspendedConsumerPortals } from '@/identity/operations/endSuspendedConsumerPortals'
import { holdConsumerSubscriptions } from '@/webhooks/operations/holdConsumerSubscriptions'

/**
 * A consumer's suspension, carried out in its save's transaction: suspended, it loses its
 * portal at once (every link and session of it ends) and its subscriptions' deliveries are held;
 * the suspension ended, they are released. (Its API key is refused while the suspension lasts:
 * the key strategy reads it on every request.)
 */
export const carryOutConsumerSuspension: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  req,
}) => {
  const isSuspended = doc.suspended === true
  if (isSuspended === (previousDoc?.suspended === true)) return doc
  await holdConsumerSubscriptions(await transactionDatabase(req), {
    consumerId: String(doc.id),
    isHeld: isSuspended,
  })
  if (isSuspended) await endSuspendedConsumerPortals(req, String(doc.id))
  return doc
}
