/** The change to a subscription's counters after a batch of attempts (in the order they ended). */
export type SubscriptionChange = {
  /** Whether at least one attempt succeeded: `last_delivery_at` moves, and the count restarts. */
  hasSuccess: boolean
  /** Failures to add: after a success, those that came after the last success. */
  failures: number
}

/**
 * Folds the outcomes of one subscription's attempts into one update, so that outcomes are
 * written in batches: `failure_count` counts consecutive failures, a success resets it.
 */
export function foldOutcomes(outcomes: readonly boolean[]): SubscriptionChange {
  const lastSuccess = outcomes.lastIndexOf(true)
  return {
    hasSuccess: lastSuccess >= 0,
    failures: outcomes.length - lastSuccess - 1,
  }
}

/** Consecutive failures that disable a subscription. */
export const disableAfterFailures = 100
