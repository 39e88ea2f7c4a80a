import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { testEventMessage, WebhookEvents, type TestEventData } from '../eventCatalogue'
import { deliveriesChannel } from '../schema/outboxTable'
import { transactionDatabase } from '@/db/transaction'

/** The test delivery just queued. */
export type QueuedTestDelivery = {
  /** The id of its `webhook_deliveries` row. */
  deliveryId: number
  /** The id of its event, sent as `webhook-id`. */
  eventId: string
}

/**
 * Queues a `webhook.test` event for one subscription only (no fan-out), in `req`'s
 * transaction, which the calling operation owns, and wakes the workers once that commits.
 * Returns the delivery and event ids.
 */
export async function queueTestDelivery(args: {
  req: PayloadRequest
  subscriptionId: string
}): Promise<QueuedTestDelivery> {
  const db = await transactionDatabase(args.req)
  const eventId = randomUUID()
  const data: TestEventData = {
    subscription_id: args.subscriptionId,
    message: testEventMessage,
  }
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO webhook_deliveries
      (subscription_id, event_id, event_type, payload, occurred_at, status, attempts, next_attempt_at)
    VALUES (${args.subscriptionId}, ${eventId}, ${WebhookEvents.Test}, ${JSON.stringify(data)}::jsonb,
      now(), 'pending', 0, now())
    RETURNING id`)
  await db.execute(sql`SELECT pg_notify(${deliveriesChannel}, '')`)
  return { deliveryId: rows[0]!.id, eventId }
}
