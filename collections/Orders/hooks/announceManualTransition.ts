import type { CollectionAfterChangeHook } from 'payload'

import type { Order } from '@/payload-types'
import { isSystemWrite } from '../systemWrite'

/**
 * After an administrator moves an order (paid → shipped → delivered), announces
 * `order.updated`. The system's own writes announce themselves in their operations.
 */
export const announceManualTransition: CollectionAfterChangeHook<Order> = ({
  doc,
  previousDoc,
  operation,
  context,
}) => {
  if (operation !== 'update' || isSystemWrite(context)) return doc
  if (previousDoc?.status === doc.status) return doc
  // Business event, once hooks/emitBusinessEvent.ts lands (the hook also receives `req`):
  // await emitEvent({ req, type: 'order.updated', data: orderEventData(doc) })
  return doc
}
