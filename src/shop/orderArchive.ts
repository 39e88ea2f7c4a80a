import type { OrderStatus } from './orderStatus'

/**
 * The statuses of an order that ended without a payment: cancelled (the payment never started,
 * the provider unreachable) or expired (the payment session ended unpaid). Only these may be
 * archived; an order that was paid stays in the list, whatever became of it.
 */
export const archivableStatuses = ['cancelled', 'expired'] as const satisfies readonly OrderStatus[]

export const isArchivable = (status: OrderStatus) =>
  (archivableStatuses as readonly OrderStatus[]).includes(status)

/** Why an order of `status` cannot be archived, in the words shown to the administrator. */
export const archiveRefusal = (status: OrderStatus) =>
  `Only an order that ended unpaid (cancelled or expired) can be archived; this one is ${status}`

/**
 * The admin list's filter of orders: archived ones hidden, unless the list's own filter asks
 * about `archivedAt` (the "Show archived orders" link, or a filter on "Archived at").
 */
export function ordersListFilter(query: unknown) {
  const where = (query as { where?: unknown } | undefined)?.where
  return mentionsField(where, 'archivedAt') ? null : { archivedAt: { exists: false } }
}

/** Whether a Payload `where` (as the query string parses it) has a condition on `field`. */
function mentionsField(where: unknown, field: string): boolean {
  if (!where || typeof where !== 'object') return false
  return Object.entries(where).some(
    ([key, value]) => key === field || (typeof value === 'object' && mentionsField(value, field)),
  )
}
