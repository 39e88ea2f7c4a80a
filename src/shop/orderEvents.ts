import { z } from 'zod'

import { eventRecordId, eventTimestamp, exampleTimes } from '@/webhooks/eventFields'
import { orderStatuses, type OrderStatus } from './orderStatus'

/* The `data` of the `order.*` events, their builders and the catalogue's examples. */

const orderFields = {
  id: eventRecordId.describe("The order's id"),
  status: z.enum(orderStatuses).describe("The order's status after this change"),
  total: z.number().describe('Sum of price times quantity, in roubles'),
  created_at: eventTimestamp.describe('When the order was placed'),
}

/** `data` of `order.created` and `order.updated`: `id, status, total, created_at`. */
export const orderEventData = z.strictObject(orderFields).meta({ id: 'OrderEventData' })
export type OrderEventData = z.infer<typeof orderEventData>

/** `data` of `order.paid`: the order fields plus when and by which payment it was paid. */
export const orderPaidEventData = z
  .strictObject({
    ...orderFields,
    paid_at: eventTimestamp
      .nullable()
      .describe('When the payment was confirmed; `null` when the checkout recorded no time'),
    payment_id: z
      .string()
      .nullable()
      .describe("Stripe's payment intent (`pi_...`); `null` when the provider named none"),
  })
  .meta({ id: 'OrderPaidEventData' })
export type OrderPaidEventData = z.infer<typeof orderPaidEventData>

/** `data` of `order.refunded`: the order fields plus the refund and what stands refunded. */
export const orderRefundedEventData = z
  .strictObject({
    ...orderFields,
    refund_id: z.string().describe("Stripe's refund (`re_...`)"),
    amount: z.number().describe('This refund, in roubles'),
    refunded_amount: z
      .number()
      .describe("The order's refunds so far, this one included, in roubles"),
    reason: z
      .string()
      .nullable()
      .describe("Why, as the administrator wrote it; `null` for one made in Stripe's dashboard"),
  })
  .meta({ id: 'OrderRefundedEventData' })
export type OrderRefundedEventData = z.infer<typeof orderRefundedEventData>

/** The order fields the `order.*` events carry. */
type OrderLike = {
  id: number
  status: OrderStatus
  total: number
  createdAt: string
  paid_at?: string | null
  paymentId?: string | null
}

/** Payload of `order.created` and `order.updated`: `{ id, status, total, created_at }`. */
export function toOrderEventData(order: OrderLike): OrderEventData {
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    created_at: new Date(order.createdAt).toISOString(),
  }
}

/** Payload of `order.paid`: the order fields plus `paid_at` and `payment_id`. */
export function toOrderPaidEventData(order: OrderLike): OrderPaidEventData {
  return {
    ...toOrderEventData(order),
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    payment_id: order.paymentId ?? null,
  }
}

/** Payload of `order.refunded`: the order fields plus the refund (amounts in roubles). */
export function toOrderRefundedEventData(
  order: OrderLike,
  refund: { refundId: string; amount: number; refundedAmount: number; reason: string | null },
): OrderRefundedEventData {
  return {
    ...toOrderEventData(order),
    refund_id: refund.refundId,
    amount: refund.amount,
    refunded_amount: refund.refundedAmount,
    reason: refund.reason,
  }
}

const { at, later } = exampleTimes

/** The example `data` of `order.created`. */
export const exampleOrderEventData: OrderEventData = {
  id: 1001,
  status: 'pending',
  total: 2490,
  created_at: at,
}

/** The example `data` of `order.updated`. */
export const exampleOrderUpdatedEventData: OrderEventData = {
  ...exampleOrderEventData,
  status: 'shipped',
}

/** The example `data` of `order.paid`. */
export const exampleOrderPaidEventData: OrderPaidEventData = {
  ...exampleOrderEventData,
  status: 'paid',
  paid_at: later,
  payment_id: 'pi_3Nk2Yz',
}

/** The example `data` of `order.refunded`. */
export const exampleOrderRefundedEventData: OrderRefundedEventData = {
  ...exampleOrderEventData,
  status: 'partially_refunded',
  refund_id: 're_3Nk2Za',
  amount: 500,
  refunded_amount: 500,
  reason: 'One mug arrived broken',
}
