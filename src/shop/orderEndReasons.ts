/**
 * Why an unpaid order ended, as the admin reads it on the order (`statusReason`): written by
 * whatever cancels or expires it (`endUnpaidOrder`).
 */
export const orderEndReasons = {
  /** Checkout could not open a payment session: the provider failed or could not be reached. */
  providerUnreachable:
    'Cancelled at checkout: the payment provider could not be reached, so no payment session was opened. Nothing was charged.',
  /** Checkout found no payment provider configured. */
  providerNotConfigured:
    'Cancelled at checkout: no payment provider is configured, so no payment session was opened. Nothing was charged.',
  /** The payment provider reported the session expired (it ran out, or the buyer cancelled). */
  sessionExpired: 'Expired: the payment session ended without payment. Nothing was charged.',
  /** The sweeper of stale orders found it still unpaid after `minutes`. */
  staleUnpaid: (minutes: number) =>
    `Expired: still unpaid ${minutes} minutes after checkout. Nothing was charged.`,
} as const
