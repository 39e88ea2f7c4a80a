import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { conflict, forbidden } from '@/http/errors'
import type { WebhookDelivery } from '@/payload-types'
import { inTransaction } from '@/db/transaction'
import { readOwnDelivery } from './findOwnDelivery'
import { sendAheadOfBackoff } from './sendAheadOfBackoff'
import { grantsOf } from './assertEventTypesGranted'
import { eventCatalogue } from '../eventCatalogue'
import { subscriptionsTableName } from '../schema/collectionTables'
import { ungrantedEvents, ungrantedMessage } from '../ungrantedEvents'

/**
 * Sends a delivery again now (manual redelivery): within a second, whatever its endpoint's
 * back-off (`sendAheadOfBackoff`), unless it is being sent right now (409: `delivering` under a
 * live lease; one whose lease lapsed is no longer in flight, and an outcome its worker still
 * writes is not recorded) or its endpoint is turned off (409). A consumer may retry only
 * deliveries of its own subscriptions (404 otherwise); admins any. The attempt counts as one
 * more: a dead delivery that fails again stays dead. A delivery cancelled because a grant was
 * revoked (409), or of a type the subscription's consumer no longer holds the grant of (403,
 * naming it), is never sent again. Runs in one transaction; the workers are woken when it
 * commits.
 */
export async function retryDelivery(args: {
  req: PayloadRequest
  id: number
}): Promise<WebhookDelivery> {
  const { req, id } = args
  return inTransaction(req, async (db) => {
    const delivery = await readOwnDelivery(req, id)
    const subscriptionId =
      typeof delivery.subscription === 'string' ? delivery.subscription : delivery.subscription.id
    if (delivery.status === 'cancelled') {
      throw conflict(delivery.lastError ?? 'The delivery was cancelled; it is not sent again')
    }
    const { rows } = await db.execute<{ consumer_id: string }>(
      sql`SELECT consumer_id FROM ${sql.identifier(subscriptionsTableName)} WHERE id = ${subscriptionId}`,
    )
    const consumerId = rows[0]?.consumer_id
    const refused = consumerId
      ? ungrantedEvents([delivery.eventType], await grantsOf(req, consumerId), eventCatalogue)
      : []
    if (refused.length) throw forbidden(ungrantedMessage(refused))
    const isDue = await sendAheadOfBackoff(db, { subscriptionId, deliveryId: id, isManual: true })
    if (isDue === null) throw conflict('The delivery is being sent right now; try again shortly')
    return req.payload.findByID({ collection: 'webhook-deliveries', id, req, depth: 0 })
  })
}
