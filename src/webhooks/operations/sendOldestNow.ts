import type { PayloadRequest } from 'payload'

import { conflict } from '@/http/errors'
import type { WebhookDelivery } from '@/payload-types'
import { inTransaction } from '@/db/transaction'
import { findOwnSubscription } from './findOwnSubscription'
import { sendAheadOfBackoff } from './sendAheadOfBackoff'

/**
 * "Send now" for the caller's subscription `id` (404 for anyone else's): its delivery that has
 * waited longest (pending or failed) is sent within a second, whatever the endpoint's back-off
 * (`sendAheadOfBackoff`); a success ends the back-off and the rest follow. 409 when nothing
 * waits or the subscription is turned off. Returns that delivery, due now.
 */
export async function sendOldestNow(args: {
  req: PayloadRequest
  id: string
}): Promise<WebhookDelivery> {
  const { req, id } = args
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id)
    const deliveryId = await sendAheadOfBackoff(db, {
      subscriptionId: id,
      deliveryId: 'oldest waiting',
      isManual: true,
    })
    if (deliveryId === null) throw conflict('No delivery of this endpoint is waiting to be sent')
    return req.payload.findByID({ collection: 'webhook-deliveries', id: deliveryId, req, depth: 0 })
  })
}
