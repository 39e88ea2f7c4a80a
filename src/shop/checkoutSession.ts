import type Stripe from 'stripe'

import { toMinorUnits, type Amount } from './money'

/** One line of an order as the payment session shows it. */
export type SessionLine = {
  /** Product name copied at order time. */
  name: string
  /** Unit price as stored, exact. */
  unitPrice: Amount
  quantity: number
}

/** The currency of every payment session: prices are in roubles. */
export const checkoutCurrency = 'rub'

/**
 * The parameters of the Stripe Checkout Session that pays an order: card only (API version
 * 2026-09-30 and later name it `allowed_payment_method_types`, which replaced
 * `payment_method_types` on Checkout Sessions), one-off payment in
 * roubles, one `price_data` line per order line with `unit_amount` = price × 100 rounded
 * half-up, the order id in the metadata, and the storefront's return addresses.
 */
export function checkoutSessionParams(args: {
  orderId: number | string
  lines: SessionLine[]
  customerEmail: string
  frontendUrl: string
  /** When the session stops accepting payment. */
  expiresAt: Date
}): Stripe.Checkout.SessionCreateParams {
  return {
    allowed_payment_method_types: ['card'],
    mode: 'payment',
    line_items: args.lines.map((line) => ({
      price_data: {
        currency: checkoutCurrency,
        unit_amount: toMinorUnits(line.unitPrice),
        product_data: { name: line.name },
      },
      quantity: line.quantity,
    })),
    metadata: { orderId: String(args.orderId) },
    customer_email: args.customerEmail,
    success_url: `${args.frontendUrl}/order/${args.orderId}/success`,
    cancel_url: `${args.frontendUrl}/cart`,
    expires_at: Math.floor(args.expiresAt.getTime() / 1000),
  }
}

/**
 * The idempotency key of an order's session request: retries of the same order reuse it, and
 * the creation time keeps keys apart when a fresh database numbers orders from 1 again.
 */
export function checkoutSessionIdempotencyKey(order: { id: number | string; createdAt: string }) {
  return `order-${order.id}-checkout-session-${Date.parse(order.createdAt)}`
}
