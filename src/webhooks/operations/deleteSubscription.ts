import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { findOwnSubscription } from './findOwnSubscription'
import { lockUnmodifiedSubscription } from './lockUnmodifiedSubscription'

/**
 * Deletes the caller's subscription (404 for anyone else's) and, with it, its delivery log,
 * in one transaction.
 */
export async function deleteSubscription(args: {
  req: PayloadRequest
  id: string
  /** `If-Unmodified-Since`: a subscription modified later is not deleted (412). */
  unmodifiedSince?: Date
}): Promise<void> {
  const { req, id } = args
  await inTransaction(req, async (db) => {
    await findOwnSubscription(req, id)
    await lockUnmodifiedSubscription({ db, id, since: args.unmodifiedSince })
    await req.payload.delete({
      collection: 'webhook-subscriptions',
      id,
      req,
      overrideAccess: true,
    })
  })
}
