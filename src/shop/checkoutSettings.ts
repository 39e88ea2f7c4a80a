/** How checkout behaves in this deployment (`src/shop/settings.ts` reads it). */
export type CheckoutSettings = {
  /** `CHECKOUT_REQUIRE_AUTH=true`: the authenticated variant of checkout, else the guest one. */
  requiresAuth: boolean
  /** `FRONTEND_URL` without a trailing slash: base of the success and cancel addresses. */
  frontendUrl: string
  /** `CHECKOUT_SESSION_TTL_MINUTES`: how long a payment session stays open (30 to 1440). */
  sessionTtlMinutes: number
  /**
   * `CHECKOUT_MAX_PENDING_ORDERS`: unpaid orders one client address, and one e-mail address,
   * may hold at once (their stock is reserved until they are paid or expire).
   */
  maxPendingOrders: number
  /** `CHECKOUT_MAX_HELD_UNITS`: units those unpaid orders may hold in all, per client and e-mail. */
  maxHeldUnits: number
}

/** Stripe refuses `expires_at` earlier than 30 minutes or later than 24 hours ahead. */
export const sessionTtlBounds = { min: 30, max: 24 * 60 }

/** What a request to Stripe may take on its way, at most: Stripe counts from when it arrives. */
const stripeMinimumSlackMs = 60_000

/**
 * When a session opened at `now` for `ttlMinutes` ends, as sent to Stripe: the lifetime, but
 * never closer than Stripe's minimum (30 minutes) plus a minute, so that a lifetime of exactly
 * 30 minutes is not refused for having lost a few seconds on the way.
 */
export function sessionExpiry(now: Date, ttlMinutes: number): Date {
  const earliest = now.getTime() + sessionTtlBounds.min * 60_000 + stripeMinimumSlackMs
  return new Date(Math.max(now.getTime() + ttlMinutes * 60_000, earliest))
}
