/**
 * How the sweeper of abandoned orders behaves (`src/shop/settings.ts` reads it). The margin
 * covers the seconds between an order's creation and its session's, clock skew, and Stripe's own
 * delay in expiring a session.
 */
export type OrderSweepSettings = {
  /** `ORDER_SWEEP_MARGIN_MINUTES` (default 10): how long past its session's lifetime a pending order waits. */
  marginMinutes: number
  /** `ORDER_SWEEP_INTERVAL_SECONDS` (default 60): time between the end of a sweep and the next. */
  intervalSeconds: number
  /** The session lifetime (`CHECKOUT_SESSION_TTL_MINUTES`) plus the margin: a pending order older than this is swept. */
  staleAfterMinutes: number
}
