import { checkoutSettings } from './checkoutSettings'
import { wholeNumberSetting } from './wholeNumberSetting'

/** How the sweeper of abandoned orders behaves, read from the environment. */
export type OrderSweepSettings = {
  /** `ORDER_SWEEP_MARGIN_MINUTES` (default 10): how long past its session's lifetime a pending order waits. */
  marginMinutes: number
  /** `ORDER_SWEEP_INTERVAL_SECONDS` (default 60): time between the end of a sweep and the next. */
  intervalSeconds: number
  /** The session lifetime (`CHECKOUT_SESSION_TTL_MINUTES`) plus the margin: a pending order older than this is swept. */
  staleAfterMinutes: number
}

/**
 * The sweeper's settings. The margin covers the seconds between an order's creation and its
 * session's, clock skew, and Stripe's own delay in expiring a session; throws an error naming
 * the variable for a value that cannot work.
 */
export function orderSweepSettings(env: Record<string, string | undefined>): OrderSweepSettings {
  const marginMinutes = wholeNumberSetting(
    env,
    'ORDER_SWEEP_MARGIN_MINUTES',
    { min: 0, max: 1440 },
    10,
  )
  const intervalSeconds = wholeNumberSetting(
    env,
    'ORDER_SWEEP_INTERVAL_SECONDS',
    { min: 1, max: 86400 },
    60,
  )
  return {
    marginMinutes,
    intervalSeconds,
    staleAfterMinutes: checkoutSettings(env).sessionTtlMinutes + marginMinutes,
  }
}
