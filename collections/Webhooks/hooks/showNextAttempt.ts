import type { CollectionAfterOperationHook } from 'payload'

import { documentsRead } from '@/db/documentsRead'
import type { DeliveryStatus } from '@/webhooks/deliveryStatus'
import { findNextAttempt, toNextAttemptResource } from '@/webhooks/nextAttempt'
import { findWhatDeliveriesWaitFor } from '@/webhooks/operations/findWhatDeliveriesWaitFor'

type Doc = {
  id?: number | string
  status?: string | null
  nextAttemptAt?: string | null
  nextAttempt?: unknown
}

/**
 * Puts on each delivery read its `nextAttempt` (`findNextAttempt`): the later of its own time
 * and its endpoint's back-off, never a time past, or why it waits (an earlier event about the
 * same object, the endpoint's rate limit) or why none comes; the API's `next_attempt`. Computed
 * when read, from its subscription's state: one query for a whole page, not one per row.
 */
export const showNextAttempt: CollectionAfterOperationHook = async ({ operation, result, req }) => {
  const docs = documentsRead<Doc>(operation, result)
  const read = docs.filter((doc) => doc.id != null && doc.status)
  if (read.length === 0) return result
  const waits = await findWhatDeliveriesWaitFor(
    req,
    read.map((doc) => Number(doc.id)),
  )
  const now = new Date()
  for (const doc of docs) {
    const wait = waits.get(Number(doc.id))
    doc.nextAttempt =
      wait && doc.status
        ? toNextAttemptResource(
            findNextAttempt({
              status: doc.status as DeliveryStatus,
              nextAttemptAt: doc.nextAttemptAt ? new Date(doc.nextAttemptAt) : null,
              endpoint: wait.endpoint,
              waitingFor: wait.waitingFor,
              now,
            }),
          )
        : null
  }
  return result
}
