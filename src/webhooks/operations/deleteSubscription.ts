import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { findOwnSubscription } from './findOwnSubscription'

/**
 * Deletes the caller's subscription (404 for anyone else's) and, with it, its delivery log,
 * in one transaction.
 */
export async function deleteSubscription(args: { req: PayloadRequest; id: string }): Promise<void> {
  const { req, id } = args
  await inTransaction(req, async () => {
    await findOwnSubscription(req, id)
    await req.payload.delete({
      collection: 'webhook-subscriptions',
      id,
      req,
      overrideAccess: true,
    })
  })
}
