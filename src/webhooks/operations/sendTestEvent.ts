import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { findOwnSubscription } from './findOwnSubscription'
import { queueTestDelivery, type QueuedTestDelivery } from './queueTestDelivery'

/**
 * Queues a `webhook.test` event for the caller's subscription `id` only (404 for anyone
 * else's), in one transaction. Returns the delivery and event ids.
 */
export async function sendTestEvent(args: {
  req: PayloadRequest
  id: string
}): Promise<QueuedTestDelivery> {
  const { req, id } = args
  return inTransaction(req, async () => {
    await findOwnSubscription(req, id)
    return queueTestDelivery({ req, subscriptionId: id })
  })
}
