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
