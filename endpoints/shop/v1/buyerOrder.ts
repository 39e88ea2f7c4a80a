import type { Order } from '@/payload-types'
import { amountToNumber, multiplyAmount, parseAmount } from '@/shop/money'
import type { BuyerOrder } from '@/shop/contracts/orders'
import { minorUnitsToRoubles } from '@/shop/refunds/refundMath'
import type { RefundRow } from '@/shop/refunds/syncOrderRefunds'

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
