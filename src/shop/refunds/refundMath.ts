import { formatAmount, parseAmount, toMinorUnits } from '../money'

/** Stripe's statuses of a refund. */
export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled'

/** A refund of an order as counted here: its amount in minor units and Stripe's status. */
export type CountedRefund = { amount: number; status: string }

/** Refunds that stand (or may yet): what Stripe counts as refunded on the charge. */
const isStanding = (status: string) => status !== 'failed' && status !== 'canceled'

/**
 * What the buyer paid for an order, in minor units: each line's unit price as the payment
 * session sent it (price × 100 rounded half-up) times its quantity, as Stripe charged it.
 */
export function paidMinorUnits(lines: { price: number | string; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + toMinorUnits(parseAmount(line.price)) * line.quantity, 0)
}

/** What stands refunded: the amounts of the refunds Stripe reports succeeded. */
export const succeededMinorUnits = (refunds: CountedRefund[]) =>
  refunds.filter((refund) => refund.status === 'succeeded').reduce((n, r) => n + r.amount, 0)

/**
 * What is left to refund of `paid`: the refunds that succeeded and those still under way count
 * as taken (Stripe counts both against the charge), failed and cancelled ones do not.
 */
export const leftToRefund = (paid: number, refunds: CountedRefund[]) =>
  paid - refunds.filter((refund) => isStanding(refund.status)).reduce((n, r) => n + r.amount, 0)

/** Minor units (kopecks) as the roubles the order's amounts are kept in: 1050 gives 10.5. */
export const minorUnitsToRoubles = (minor: number) =>
  Number(formatAmount(parseAmount((minor / 100).toFixed(2))))

/**
 * The idempotency key of an administrator's refund request: the order, how many refunds it had
 * when asked (a failed one counts, so asking again after it makes a new refund) and the amount.
 * A request retried before its answer was recorded gets the refund Stripe already made; two
 * administrators asking one after the other get one refund each (Stripe keeps keys 24 hours).
 */
export function refundIdempotencyKey(args: {
  orderId: number
  orderCreatedAt: string
  refundCount: number
  amount: number
}): string {
  const created = Date.parse(args.orderCreatedAt)
  return `order-${args.orderId}-${created}-refund-${args.refundCount + 1}-${args.amount}`
}
