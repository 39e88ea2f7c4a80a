import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import { RefusedRequest } from '@/http/refusedRequest'
import { isConsumer, isUser } from '@/identity/roles'
import type { WebhookSubscription } from '@/payload-types'
import { adminOffRefusal, suspensionOf, turnOnRefusal } from '@/webhooks/suspension'

/**
 * Keeps an administrator's "off" out of the consumer's reach, and the consumer's switch out of
 * the administrator's: a consumer (its key or portal, an admin acting in its portal included)
 * turning on (`isActive: true`) a suspended subscription is refused with 409 naming the
 * suspension; an administrator unticking `isActive` of an active subscription is refused with
 * 400 on the field, pointing to the suspension, which the consumer cannot undo. `originalDoc` is
 * current: the update locked the row before reading it (`lockRowsBeforeUpdate`), so a turn-on
 * racing a suspension either commits first (and the suspension then holds its deliveries) or
 * sees it.
 */
export const keepSuspensionWithAdmins: CollectionBeforeChangeHook<WebhookSubscription> = ({
  collection,
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  if (isConsumer(req.user) && data.isActive === true) {
    const suspension = suspensionOf(originalDoc)
    if (suspension) throw new RefusedRequest(turnOnRefusal(suspension), 409)
  }
  if (isUser(req.user) && data.isActive === false && originalDoc.isActive === true) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'isActive', message: adminOffRefusal }],
      req,
    })
  }
  return data
}
