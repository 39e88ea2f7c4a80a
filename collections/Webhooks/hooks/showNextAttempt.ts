import type { CollectionAfterOperationHook } from 'payload'

import type { DeliveryStatus } from '@/webhooks/deliveryStatus'
import { findNextAttempt, toNextAttemptResource } from '@/webhooks/nextAttempt'
import { findEndpointStates } from '@/webhooks/operations/findEndpointState'

type Doc = {
  subscription?: string | { id: string } | null
  status?: string | null
  nextAttemptAt?: string | null
  nextAttempt?: unknown
}

const subscriptionIdOf = (doc: Doc) =>
  doc.subscription == null
    ? undefined
    : String(typeof doc.subscription === 'object' ? doc.subscription.id : doc.subscription)

/**
 * Puts on each delivery read its `nextAttempt` (`findNextAttempt`): the later of its own time
 * and its endpoint's back-off, never a time past, or why none comes; the API's `next_attempt`.
 * Computed when read, from its subscription's state: one query for a whole page, not one per row.
 */
export const showNextAttempt: CollectionAfterOperationHook = async ({ operation, result, req }) => {
  if (!result) return result
  let docs: Doc[] = []
  if (operation === 'find') docs = (result as { docs: Doc[] }).docs
  else if (operation === 'findByID') docs = [result as Doc]
  const read = docs.filter((doc) => subscriptionIdOf(doc) !== undefined && doc.status)
  if (read.length === 0) return result
  const endpoints = await findEndpointStates(
    req,
    read.map((doc) => subscriptionIdOf(doc)!),
  )
  const now = new Date()
  for (const doc of docs) {
    const endpoint = endpoints.get(subscriptionIdOf(doc)?.toLowerCase() ?? '')
    doc.nextAttempt =
      endpoint && doc.status
        ? toNextAttemptResource(
            findNextAttempt({
              status: doc.status as DeliveryStatus,
              nextAttemptAt: doc.nextAttemptAt ? new Date(doc.nextAttemptAt) : null,
              endpoint,
              now,
            }),
          )
        : null
  }
  return result
}
