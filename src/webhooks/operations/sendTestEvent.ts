import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { HttpError } from '@/http/errors'
import { WebhookEvents, type WebhookEventName } from '../eventCatalogue'
import { eventTypeDocs } from '../eventTypeDocs'
import { findOwnSubscription } from './findOwnSubscription'
import { listEventTypes } from './listEventTypes'
import { queueTestDelivery, type QueuedTestDelivery } from './queueTestDelivery'

/**
 * Queues a test event of type `eventType` (`webhook.test` when absent) for the caller's
 * subscription `id` only (404 for anyone else's), in one transaction: the type's example, sent
 * at once and marked as a test. Any active type of the catalogue may be tested, whether or not
 * the subscription lists it (its owner asked for it by name); an unknown or inactive one is a
 * 422 naming `event_type`. Returns the delivery and event ids.
 */
export async function sendTestEvent(args: {
  req: PayloadRequest
  id: string
  eventType?: string
}): Promise<QueuedTestDelivery> {
  const { req, id } = args
  return inTransaction(req, async () => {
    await findOwnSubscription(req, id)
    const eventType = await testableEventType(req, args.eventType ?? WebhookEvents.Test)
    return queueTestDelivery({ req, subscriptionId: id, eventType })
  })
}

/** `name` if a test of it can be sent: `webhook.test`, or an active type of the catalogue. */
async function testableEventType(req: PayloadRequest, name: string): Promise<WebhookEventName> {
  if (name === WebhookEvents.Test) return name
  const isActive = (await listEventTypes({ req })).some((type) => type.name === name)
  if (isActive && eventTypeDocs(name)) return name as WebhookEventName
  const message = isActive
    ? `${name} has no example to send: choose another event type`
    : `${name} is not an event type you can subscribe to now: choose one from GET /webhooks/event-types`
  throw new HttpError({
    code: 'unprocessable_entity',
    message: `event_type: ${message}`,
    details: [{ field: 'event_type', message }],
  })
}
