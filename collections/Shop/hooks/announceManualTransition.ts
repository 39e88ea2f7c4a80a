import type { CollectionAfterChangeHook } from 'payload'

import type { Order } from '@/payload-types'
import { isSystemWrite } from '@/shop/systemWrite'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { toOrderEventData } from '@/webhooks/eventData'
import { WebhookEvents } from '@/webhooks/eventCatalogue'

/**
 * After an administrator moves an order (paid → shipped → delivered), announces
 * `order.updated`. The system's own writes announce themselves in their operations.
 */
export const announceManualTransition: CollectionAfterChangeHook<Order> = async (args) => {
  const { doc, previousDoc, operation, context } = args
  if (operation !== 'update' || isSystemWrite(context)) return doc
  if (previousDoc?.status === doc.status) return doc
  await emitEvent({ req: args.req, type: WebhookEvents.OrderUpdated, data: toOrderEventData(doc) })
  return doc
}
