import type { PayloadRequest } from 'payload'

import type { WebhookSubscription } from '@/payload-types'
import { inTransaction } from '@/db/transaction'
import { lockUnmodifiedSubscription } from './lockUnmodifiedSubscription'
import { assertEndpointAllowed } from './assertEndpointAllowed'
import { assertEventTypesActive } from './assertEventTypesActive'
import { assertEventTypesGranted } from './assertEventTypesGranted'
import { findOwnSubscription } from './findOwnSubscription'

/** What a consumer may change on a subscription; an absent field keeps its value. */
export type SubscriptionChanges = Partial<{
  /** Where deliveries are sent: an absolute http(s) URL of a public address. */
  endpointUrl: string
  /** Active event type names, or `*` for all. */
  events: string[]
  /** A note for the consumer. */
  description: string | null
  /** Extra headers sent with each delivery. */
  headers: Record<string, string>
  /** How many seconds a delivery waits for the endpoint to answer. */
  timeoutSeconds: number
  /** At most this many deliveries a second to the endpoint; `null` removes the limit. */
  maxDeliveriesPerSecond: number | null
  /** False stops new deliveries; true re-enables a disabled subscription. */
  isActive: boolean
  /** A JSON object the event's data must contain; `null` removes the filter. */
  filter: Record<string, unknown> | null
  /** Deliver one object's events in the order they were emitted (from the next event on). */
  ordered: boolean
}>

/**
 * Changes the caller's subscription (404 for anyone else's), in one transaction, with the
 * create rules for events (422, and 403 for a type the consumer is not granted) and endpoint addresses (400), and only if it is unmodified
 * since `unmodifiedSince` when given (412: another person saved it, or the worker disabled it,
 * after the version the caller changed). Re-enabling clears
 * `disabled_at` and `failure_count` (the collection's hook).
 */
export async function updateSubscription(args: {
  req: PayloadRequest
  id: string
  changes: SubscriptionChanges
  /** `If-Unmodified-Since`: a change to a subscription modified later is refused (412). */
  unmodifiedSince?: Date
}): Promise<WebhookSubscription> {
  const { req, id, changes } = args
  return inTransaction(req, async (db) => {
    const own = await findOwnSubscription(req, id)
    await lockUnmodifiedSubscription({ db, id, since: args.unmodifiedSince })
    if (changes.events) {
      await assertEventTypesActive(req, changes.events)
      const consumer = typeof own.consumer === 'string' ? own.consumer : own.consumer.id
      // Only the types it adds: one it already lists stays (a revoked grant stops its deliveries,
      // not the consumer's other changes).
      const current: unknown[] = Array.isArray(own.events) ? own.events : []
      const added = changes.events.filter((name) => !current.includes(name))
      await assertEventTypesGranted(req, consumer, added)
    }
    if (changes.endpointUrl) await assertEndpointAllowed(req, changes.endpointUrl)
    return req.payload.update({
      collection: 'webhook-subscriptions',
      id,
      // Only the fields given: an absent one keeps its value.
      data: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
      req,
      overrideAccess: true,
      depth: 0,
    })
  })
}
