/** How checkout behaves in this deployment, read from the environment. */
export type CheckoutSettings = {
  /** `CHECKOUT_REQUIRE_AUTH=true`: the authenticated variant of checkout, else the guest one. */
  requiresAuth: boolean
  /** `FRONTEND_URL` without a trailing slash: base of the success and cancel addresses. */
  frontendUrl: string
  /** `CHECKOUT_SESSION_TTL_MINUTES`: how long a payment session stays open (31 to 1440). */
  sessionTtlMinutes: number
}

/** Stripe refuses `expires_at` earlier than 30 minutes or later than 24 hours ahead. */
export const sessionTtlBounds = { min: 31, max: 24 * 60, default: 60 }

export function checkoutSettings(env: Record<string, string | undefined>): CheckoutSettings {
  const ttl = Number(env.CHECKOUT_SESSION_TTL_MINUTES || sessionTtlBounds.default)
  if (!Number.isInteger(ttl) || ttl < sessionTtlBounds.min || ttl > sessionTtlBounds.max) {
    throw new Error(
      `CHECKOUT_SESSION_TTL_MINUTES must be a whole number from ${sessionTtlBounds.min} to ${sessionTtlBounds.max}`,
    )
  }
  return {
    requiresAuth: env.CHECKOUT_REQUIRE_AUTH === 'true',
    frontendUrl: (env.FRONTEND_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    sessionTtlMinutes: ttl,
  }
}
