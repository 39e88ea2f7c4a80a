/** Every status an order can have. */
export const orderStatuses = [
  'pending',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'partially_refunded',
  'refunded',
] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** The only moves a person may make by hand: forward along fulfilment. */
const manualTransitions: Partial<Record<OrderStatus, OrderStatus>> = {
  paid: 'shipped',
  shipped: 'delivered',
  // What was not refunded still ships.
  partially_refunded: 'shipped',
}

/**
 * Whether an administrator may move an order from `from` to `to` (staying put is always
 * allowed). Payment, expiry, cancellation and refunds are the system's business, never a
 * person's: a refund is asked for with `POST /api/orders/{id}/refund` and recorded from
 * Stripe's events.
 */
export function isManualTransitionAllowed(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || manualTransitions[from] === to
}

/**
 * The statuses an administrator may choose for an order that is `from` now: it, and the next
 * step of fulfilment when there is one. A single choice means the status is not theirs to
 * change (pending, and the end states delivered, cancelled, expired, refunded).
 */
export function manualStatusChoices(from: OrderStatus): OrderStatus[] {
  const next = manualTransitions[from]
  return next ? [from, next] : [from]
}

/** The statuses of an order that was paid and may be refunded (what is left of it). */
export const refundableStatuses = [
  'paid',
  'shipped',
  'delivered',
  'partially_refunded',
] as const satisfies readonly OrderStatus[]

export const isRefundable = (status: OrderStatus) =>
  (refundableStatuses as readonly OrderStatus[]).includes(status)

/**
 * The status of a paid order once Stripe has refunded `refunded` of its `amount` (both in minor
 * units): `refunded` when nothing is left, `partially_refunded` when some is, and `paid` again
 * when nothing stands refunded (a refund failed) after the order had been marked refunded.
 * An order with no refund keeps the fulfilment status it has.
 */
export function statusAfterRefunds(args: {
  current: OrderStatus
  amount: number
  refunded: number
}): OrderStatus {
  const { current, amount, refunded } = args
  if (refunded >= amount && amount > 0) return 'refunded'
  if (refunded > 0) return 'partially_refunded'
  return current === 'partially_refunded' || current === 'refunded' ? 'paid' : current
}

/** How an order is titled wherever it is listed: `Order #42`. */
export const orderTitle = (id: number | string) => `Order #${id}`
