import type { PayloadRequest } from 'payload'

import type { WebhookSubscription } from '@/payload-types'
import { assertEndpointAllowed } from './assertEndpointAllowed'
import { assertEventTypesActive } from './assertEventTypesActive'
import { findOwnSubscription } from './findOwnSubscription'

/** What a consumer may change on a subscription. */
export type SubscriptionChanges = Partial<{
  endpointUrl: string
  events: string[]
  description: string | null
  headers: Record<string, string>
  timeoutSeconds: number
  isActive: boolean
}>

/**
 * Changes the caller's subscription (404 for anyone else's) with the create rules for events
 * (422) and endpoint addresses (400). Re-enabling clears `disabled_at` and `failure_count`
 * (the collection's hook).
 */
export async function updateSubscription(args: {
  req: PayloadRequest
  id: string
  changes: SubscriptionChanges
}): Promise<WebhookSubscription> {
  const { req, id, changes } = args
  await findOwnSubscription(req, id)
  if (changes.events) await assertEventTypesActive(req.payload, changes.events)
  if (changes.endpointUrl) await assertEndpointAllowed(changes.endpointUrl)
  return req.payload.update({
    collection: 'webhook-subscriptions',
    id,
    // Only the fields given: an absent one keeps its value.
    data: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    req,
    overrideAccess: true,
    depth: 0,
  })
}
