/** Every status an order can have. */
export const orderStatuses = [
  'pending',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** The only moves a person may make by hand: forward along fulfilment. */
const manualTransitions: Partial<Record<OrderStatus, OrderStatus>> = {
  paid: 'shipped',
  shipped: 'delivered',
}

/**
 * Whether an administrator may move an order from `from` to `to` (staying put is always
 * allowed). Payment, expiry and cancellation are the system's business, never a person's.
 */
export function isManualTransitionAllowed(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || manualTransitions[from] === to
}

/**
 * The statuses an administrator may choose for an order that is `from` now: it, and the next
 * step of fulfilment when there is one. A single choice means the status is not theirs to
 * change (pending, and the end states delivered, cancelled, expired).
 */
export function manualStatusChoices(from: OrderStatus): OrderStatus[] {
  const next = manualTransitions[from]
  return next ? [from, next] : [from]
}

/** How an order is titled wherever it is listed: `Order #42`. */
export const orderTitle = (id: number | string) => `Order #${id}`
