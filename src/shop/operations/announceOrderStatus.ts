import type { PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { toOrderEventData, toOrderPaidEventData } from '@/shop/orderEvents'
import { ShopEvents } from '@/shop/webhookEventTypes'

/**
 * Announces an order's new status, in `req`'s transaction: `order.updated`, and `order.paid`
 * when it became paid. The one place an order's status change becomes events, whoever made it:
 * the payment (`markOrderPaid`), the end of an unpaid order (`endUnpaidOrder`) or an
 * administrator in the admin panel (`announceManualTransition`).
 */
export async function announceOrderStatus(args: {
  req: PayloadRequest
  order: Order
}): Promise<void> {
  const { req, order } = args
  await emitEvent({ req, type: ShopEvents.OrderUpdated, data: toOrderEventData(order) })
  if (order.status === 'paid') {
    await emitEvent({ req, type: ShopEvents.OrderPaid, data: toOrderPaidEventData(order) })
  }
}
