import { randomUUID } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import {
  testEventMessage,
  WebhookEvents,
  type TestEventData,
  type WebhookEventName,
} from '../eventCatalogue'
import { eventTypeDocs } from '../eventTypeDocs'
import { eventLogTableName } from '../schema/eventLogTable'
import { outboxTableName } from '../schema/outboxTable'
import { transactionDatabase } from '@/db/transaction'
import { deliveriesTableName } from '../schema/collectionTables'
import { sendAheadOfBackoff } from './sendAheadOfBackoff'

/** The test delivery just queued. */
export type QueuedTestDelivery = {
  /** The id of its `webhook_deliveries` row. */
  deliveryId: number
  /** The id of its event, sent as `webhook-id`. */
  eventId: string
}

/**
 * Queues a test event of type `eventType` (default `webhook.test`) for one subscription only (no
 * fan-out: the subscription's `events` and `filter` do not apply, a test is addressed to it by
 * name, in the event log's `addressed_to`), with the type's example `data` (the catalogue's,
 * made up: a test never carries a real record; `webhook.test` names the subscription), in `req`'s
 * transaction, which the calling operation owns, and sends it now, whatever the endpoint's
 * back-off (`sendAheadOfBackoff`: 409 when the subscription is turned off). Returns the
 * delivery and event ids.
 */
export async function queueTestDelivery(args: {
  req: PayloadRequest
  subscriptionId: string
  /** A type of the catalogue (`sendTestEvent` checks it is active); `webhook.test` when absent. */
  eventType?: WebhookEventName
}): Promise<QueuedTestDelivery> {
  const db = await transactionDatabase(args.req)
  const eventId = randomUUID()
  const eventType = args.eventType ?? WebhookEvents.Test
  const testData: TestEventData = {
    subscription_id: args.subscriptionId,
    message: testEventMessage,
  }
  const data = eventType === WebhookEvents.Test ? testData : eventTypeDocs(eventType)?.example
  if (!data) throw new Error(`The catalogue has no example of ${eventType} to send`)
  // The event goes to the event log (where every delivery's payload is kept), never to the
  // outbox: no fan-out, no filter. Its sequence number is drawn from the outbox's sequence.
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH event AS (
      INSERT INTO ${sql.identifier(eventLogTableName)} (id, type, data, occurred_at, seq, addressed_to)
      VALUES (${eventId}, ${eventType}, ${JSON.stringify(data)}::jsonb, now(),
        nextval(pg_get_serial_sequence(${outboxTableName}, 'seq')), ${args.subscriptionId})
      RETURNING id, type, occurred_at, seq
    )
    INSERT INTO ${sql.identifier(deliveriesTableName)}
      (subscription_id, event_id, event_type, occurred_at, event_seq, status, attempts, next_attempt_at)
    SELECT ${args.subscriptionId}, event.id, event.type, event.occurred_at, event.seq, 'pending', 0, now()
    FROM event
    RETURNING id`)
  const deliveryId = rows[0]!.id
  await sendAheadOfBackoff(db, { subscriptionId: args.subscriptionId, deliveryId, isManual: false })
  return { deliveryId, eventId }
}
