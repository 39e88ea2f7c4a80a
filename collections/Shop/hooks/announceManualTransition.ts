import type { CollectionAfterChangeHook } from 'payload'

import type { Order } from '@/payload-types'
import { isSystemWrite } from '@/shop/systemWrite'
import { announceOrderStatus } from '@/shop/operations/announceOrderStatus'

/**
 * After an administrator moves an order (paid → shipped → delivered), announces
 * `order.updated`. The system's own writes announce themselves in their operations.
 */
export const announceManualTransition: CollectionAfterChangeHook<Order> = async (args) => {
  const { doc, previousDoc, operation, context } = args
  if (operation !== 'update' || isSystemWrite(context)) return doc
  if (previousDoc?.status === doc.status) return doc
  await announceOrderStatus({ req: args.req, order: doc })
  return doc
}
