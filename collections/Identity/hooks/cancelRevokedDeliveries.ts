import type { CollectionAfterChangeHook } from 'payload'

import { revokedGrants } from '@/identity/consumerGrants'
import { cancelDeliveriesOfGrants } from '@/webhooks/operations/cancelDeliveriesOfGrants'
import type { Consumer } from '@/payload-types'

/**
 * When an admin takes a grant away from a consumer, its deliveries of the types that grant
 * covers that are still to be sent (or could be sent again) are cancelled, with the reason, in
 * the same transaction as the change: from the commit on, none is sent.
 */
export const cancelRevokedDeliveries: CollectionAfterChangeHook<Consumer> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update') return doc
  const revoked = revokedGrants(previousDoc?.grants, doc.grants)
  if (revoked.length) await cancelDeliveriesOfGrants({ req, consumerId: doc.id, grants: revoked })
  return doc
}
