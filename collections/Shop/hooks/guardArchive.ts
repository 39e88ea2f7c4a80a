import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import type { Order } from '@/payload-types'
import { archiveRefusal, isArchivable } from '@/shop/orderArchive'
import type { OrderStatus } from '@/shop/orderStatus'

/**
 * An administrator archives an order that ended unpaid (`archivedAt` set, at the server's time)
 * or brings it back (`archivedAt` cleared); a paid order is refused, so that nothing the sales
 * report counts is ever out of sight.
 */
export const guardArchive: CollectionBeforeChangeHook<Order> = ({ data, originalDoc, req }) => {
  if (!originalDoc || data.archivedAt === undefined) return data
  const wasArchived = Boolean(originalDoc.archivedAt)
  const isArchived = Boolean(data.archivedAt)
  if (wasArchived === isArchived) {
    data.archivedAt = originalDoc.archivedAt
    return data
  }
  const status = (data.status ?? originalDoc.status) as OrderStatus
  if (isArchived && !isArchivable(status)) {
    throw new ValidationError({
      collection: 'orders',
      errors: [{ path: 'archivedAt', message: archiveRefusal(status) }],
      req,
    })
  }
  data.archivedAt = isArchived ? new Date().toISOString() : null
  return data
}
