import { z } from 'zod'

import type { Order } from '@/payload-types'
import { amountToNumber, multiplyAmount, parseAmount } from '@/shop/money'
import { orderStatuses } from '@/shop/orderStatus'
import { minorUnitsToRoubles } from '@/shop/refunds/refundMath'
import type { RefundRow } from '@/shop/refunds/syncOrderRefunds'

/** One line of an order as its buyer sees it. */
const buyerOrderLine = z
  .object({
    product_id: z.number().int().describe('The product ordered (`GET /api/products/{id}`)'),
    name: z.string().describe("The product's name when the order was placed"),
    quantity: z.number().int().min(1),
    price: z.number().describe('Unit price when the order was placed, in roubles'),
    total: z.number().describe('Price times quantity, in roubles'),
  })
  .meta({ id: 'BuyerOrderLine' })

/** A refund of an order as its buyer sees it. */
const buyerOrderRefund = z
  .object({
    amount: z.number().describe('In roubles'),
    status: z
      .enum(['pending', 'succeeded', 'failed'])
      .describe(
        '`pending` while the bank returns it, `succeeded` once returned, `failed` when it could not be (nothing was refunded)',
      ),
    reason: z.string().nullable().describe('Why, as the shop wrote it'),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'BuyerOrderRefund' })

/**
 * An order as its buyer reads it (the storefront's order page, a customer's order list): its
 * status, lines, totals, refunds, dates, and the e-mail and shipping address the buyer gave.
 * Nothing else of the shop: no payment or session ids, no client address, no account.
 */
export const buyerOrder = z
  .object({
    id: z.number().int(),
    status: z
      .enum(orderStatuses)
      .describe(
        '`pending` until paid; `paid`, then `shipped` and `delivered`; `partially_refunded` or `refunded` once refunds succeeded; `expired` when the payment session ended unpaid, `cancelled` when it could not be opened',
      ),
    items: z.array(buyerOrderLine).min(1),
    total: z.number().describe('Sum of the lines, in roubles'),
    currency: z.literal('rub'),
    refunded_amount: z.number().describe('Refunded so far (refunds that succeeded), in roubles'),
    refunds: z.array(buyerOrderRefund).describe('Refunds of the order, oldest first'),
    customer_email: z.email(),
    shipping_address: z.object({
      name: z.string(),
      line1: z.string(),
      line2: z.string().optional(),
      city: z.string(),
      postal_code: z.string(),
      country: z.string().describe('ISO 3166-1 alpha-2'),
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    paid_at: z.iso.datetime().nullable().describe('When Stripe confirmed the payment'),
  })
  .meta({ id: 'BuyerOrder' })

export type BuyerOrder = z.infer<typeof buyerOrder>

const iso = (value: string) => new Date(value).toISOString()

/** Stripe's status of a refund as the buyer reads it. */
const buyerRefundStatus = (status: string) =>
  status === 'succeeded'
    ? ('succeeded' as const)
    : status === 'failed' || status === 'canceled'
      ? ('failed' as const)
      : ('pending' as const)

/** The buyer's view of `order` and its `refunds` (oldest first). */
export function presentBuyerOrder(order: Order, refunds: RefundRow[] = []): BuyerOrder {
  const address = order.shippingAddress
  return {
    id: order.id,
    status: order.status,
    items: order.items.map((line) => ({
      product_id: typeof line.product === 'object' ? line.product.id : line.product,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
      total: amountToNumber(multiplyAmount(parseAmount(line.price), line.quantity)),
    })),
    total: order.total,
    currency: 'rub',
    refunded_amount: order.refunded_amount ?? 0,
    refunds: refunds.map((refund) => ({
      amount: minorUnitsToRoubles(refund.amount),
      status: buyerRefundStatus(refund.status),
      reason: refund.reason,
      created_at: iso(refund.created_at),
    })),
    customer_email: order.customerEmail,
    shipping_address: {
      name: address.name,
      line1: address.line1,
      ...(address.line2 ? { line2: address.line2 } : {}),
      city: address.city,
      postal_code: address.postal_code,
      country: address.country,
    },
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
    paid_at: order.paid_at ? iso(order.paid_at) : null,
  }
}

/** Neither a shared cache nor the browser's keeps an order: it is one buyer's. */
export const privateAnswer = { 'Cache-Control': 'private, no-store' }

/** The `Cache-Control` of every answer that shows an order. */
export const privateAnswerHeaders = z.object({ 'Cache-Control': z.literal('private, no-store') })
