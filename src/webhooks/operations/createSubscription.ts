import type { PayloadRequest } from 'payload'

import { generateSecret } from '../secret'
import type { WebhookSubscription } from '@/payload-types'
import { assertEndpointAllowed } from './assertEndpointAllowed'
import { assertEventTypesActive } from './assertEventTypesActive'
import { assertEventTypesGranted } from './assertEventTypesGranted'
import { assertMaySubscribe } from './assertMaySubscribe'
import { probeEndpoint } from './probeEndpoint'
import { queueTestDelivery } from './queueTestDelivery'
import { inTransaction, transactionDatabase } from '@/db/transaction'
import { holdIfConsumerSuspended } from './holdConsumerSubscriptions'
import { configOf } from '@/config/appConfig'

/** What a consumer supplies to subscribe. */
export type NewSubscription = {
  /** Where deliveries are sent: an absolute http(s) URL of a public address. */
  endpointUrl: string
  /** Active event type names, or `*` for all. */
  events: string[]
  /** A note for the consumer. */
  description?: string | null
  /** Extra headers sent with each delivery. */
  headers?: Record<string, string>
  /** How many seconds a delivery waits for the endpoint to answer (10 when absent). */
  timeoutSeconds?: number
  /** At most this many deliveries a second to the endpoint (no limit when absent or null). */
  maxDeliveriesPerSecond?: number | null
  /** A JSON object the event's data must contain (no filter when absent or null). */
  filter?: Record<string, unknown> | null
  /** Deliver one object's events in the order they were emitted. */
  ordered?: boolean
}

/**
 * Subscribes a consumer: every event type must be active (422) and granted to the consumer
 * (403 naming the grant), the endpoint must not be an
 * internal address (400), the consumer must have fewer subscriptions than
 * `WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER` (409: checked before the probe, so a refused create
 * sends nothing, and again under the consumer's lock in the transaction, so concurrent creates
 * cannot pass the bound together), the endpoint is probed (recorded, never a rejection), a
 * secret is generated, and the subscription is stored and a test event queued in one
 * transaction, which this operation owns. Returns the subscription and, this once, its secret.
 */
export async function createSubscription(args: {
  req: PayloadRequest
  consumerId: string
  input: NewSubscription
}): Promise<{ subscription: WebhookSubscription; secret: string; testDeliveryId: number }> {
  const { req, input } = args
  await assertEventTypesActive(req, input.events)
  await assertEventTypesGranted(req, args.consumerId, input.events)
  const settings = configOf(req.payload).webhooks
  await assertEndpointAllowed(req, input.endpointUrl)
  const bound = { consumerId: args.consumerId, limit: settings.maxSubscriptionsPerConsumer }
  await assertMaySubscribe({ db: await transactionDatabase(req), ...bound })
  const probe = await probeEndpoint(input.endpointUrl, settings)
  const secret = generateSecret()
  return inTransaction(req, async (db) => {
    await assertMaySubscribe({ db, ...bound })
    const subscription = await req.payload.create({
      collection: 'webhook-subscriptions',
      data: {
        consumer: args.consumerId,
        endpointUrl: input.endpointUrl,
        events: input.events,
        description: input.description ?? null,
        headers: input.headers ?? {},
        timeoutSeconds: input.timeoutSeconds ?? 10,
        maxDeliveriesPerSecond: input.maxDeliveriesPerSecond ?? null,
        filter: input.filter ?? null,
        ordered: input.ordered ?? false,
        isActive: true,
        failureCount: 0,
        secret,
        probe,
      },
      req,
      overrideAccess: true,
    })
    await holdIfConsumerSuspended(db, {
      consumerId: args.consumerId,
      subscriptionId: subscription.id,
    })
    const { deliveryId } = await queueTestDelivery({ req, subscriptionId: subscription.id })
    return { subscription, secret, testDeliveryId: deliveryId }
  })
}
