import type { CollectionBeforeChangeHook } from 'payload'

import { RefusedRequest } from '@/http/refusedRequest'
import type { WebhookSubscription } from '@/payload-types'
import { staleActiveFlag } from '@/webhooks/staleActiveFlag'

/**
 * A save whose form loaded `isActive` with another value than it has now, and would flip it, is
 * refused with 409 saying what happened (src/webhooks/staleActiveFlag.ts). `originalDoc` is
 * current: the update locked the row before reading it (`lockRowsBeforeUpdate`).
 */
export const refuseStaleActiveFlag: CollectionBeforeChangeHook<WebhookSubscription> = ({
  data,
  originalDoc,
  operation,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  const refusal = staleActiveFlag({
    wanted: data.isActive,
    loaded: data.isActiveWhenLoaded,
    current: {
      isActive: originalDoc.isActive === true,
      disabledAt: originalDoc.disabledAt ?? null,
      failureCount: originalDoc.failureCount ?? 0,
    },
  })
  if (refusal) throw new RefusedRequest(refusal, 409)
  return data
}
