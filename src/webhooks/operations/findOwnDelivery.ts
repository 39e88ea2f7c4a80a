import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { notFound } from '@/http/errors'
import type { WebhookDelivery } from '@/payload-types'
import { buildDeliveryRequest } from '../deliveryRequest'
import { eventLogTableName } from '../schema/eventLogTable'

/** One of the caller's deliveries, with what each of its attempts sends. */
export type OwnDelivery = {
  delivery: WebhookDelivery
  /** The request body, exactly as sent: the same JSON text on every attempt. */
  requestBody: string
}

/**
 * Delivery `id` as the caller may see it (a consumer: one of its own subscriptions'; an admin:
 * any); anyone else's is a 404, exactly like one that does not exist.
 */
export async function readOwnDelivery(req: PayloadRequest, id: number): Promise<WebhookDelivery> {
  const delivery = await req.payload.findByID({
    collection: 'webhook-deliveries',
    id,
    req,
    user: req.user,
    overrideAccess: false,
    depth: 0,
    disableErrors: true,
  })
  if (!delivery) throw notFound('No such webhook delivery')
  return delivery
}

/**
 * Delivery `id` as `readOwnDelivery` finds it, with its body built by the builder the worker
 * sends with, from the same stored event: the delivery's `payload` is the event log's data (the
 * worker reads it there too) and its `occurredAt` the delivery's own.
 */
export async function findOwnDelivery(req: PayloadRequest, id: number): Promise<OwnDelivery> {
  const delivery = await readOwnDelivery(req, id)
  // The body depends on neither the secrets nor the time of sending (only the headers do).
  const { body } = buildDeliveryRequest({
    eventId: delivery.eventId,
    type: delivery.eventType,
    occurredAt: new Date(delivery.occurredAt),
    data: delivery.payload ?? null,
    isTest: await isTestEvent(req, delivery.eventId),
    secrets: [],
    now: new Date(),
  })
  return { delivery, requestBody: body }
}

/** Whether event `eventId` is a test, addressed to one subscription (its body says so). */
async function isTestEvent(req: PayloadRequest, eventId: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId)) return false
  const db = await transactionDatabase(req)
  const { rows } = await db.execute<{ is_test: boolean }>(
    sql`SELECT addressed_to IS NOT NULL AS is_test FROM ${sql.identifier(eventLogTableName)}
        WHERE id = ${eventId}::uuid`,
  )
  return rows[0]?.is_test === true
}
