import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import { isUser } from '@/identity/roles'

/**
 * An administrator's suspension of the row (a consumer, a subscription), stamped with who and
 * when: ticking `suspended` needs a reason (400 on `suspensionReason` without one) and records
 * `suspendedAt` (now) and `suspendedBy` (the user saving); unticking ends it, clearing all
 * four (the audit trail keeps what they were). A save that leaves `suspended` alone keeps the
 * suspension's time and author, its reason as given.
 */
export const stampSuspension: CollectionBeforeChangeHook = ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  const wasSuspended = originalDoc?.suspended === true
  const isSuspended = typeof data.suspended === 'boolean' ? data.suspended : wasSuspended
  if (!isSuspended) {
    if (!wasSuspended && !data.suspensionReason) return data
    return {
      ...data,
      suspended: false,
      suspensionReason: null,
      suspendedAt: null,
      suspendedBy: null,
    }
  }
  const given =
    data.suspensionReason === undefined ? originalDoc?.suspensionReason : data.suspensionReason
  const reason = typeof given === 'string' ? given.trim() : ''
  if (!reason) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [
        {
          path: 'suspensionReason',
          message: 'Say why it is suspended: the consumer reads this reason',
        },
      ],
      req,
    })
  }
  if (wasSuspended) return { ...data, suspended: true, suspensionReason: reason }
  return {
    ...data,
    suspended: true,
    suspensionReason: reason,
    suspendedAt: new Date().toISOString(),
    suspendedBy: isUser(req.user) ? req.user?.id : null,
  }
}
