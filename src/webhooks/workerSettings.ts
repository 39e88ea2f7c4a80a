/** Settings of the webhook worker and the outbound HTTP client (`src/webhooks/settings.ts` reads them). */
export type WorkerSettings = {
  /** Sends in flight at once in one worker, across all endpoints (`WEBHOOK_CONCURRENCY`). */
  concurrency: number
  /**
   * Sends in flight at once to one subscription's endpoint, across all workers
   * (`WEBHOOK_ENDPOINT_CONCURRENCY`).
   */
  endpointConcurrency: number
  /** How long a claim is held before another worker may take the delivery over (`WEBHOOK_LEASE_SECONDS`). */
  leaseMs: number
  /** Fallback poll when no NOTIFY arrives, which also picks up due retries (`WEBHOOK_POLL_MS`). */
  pollMs: number
  /** Delay before each attempt of one delivery (`WEBHOOK_RETRY_SCHEDULE`). */
  retrySchedule: number[]
  /** First pause of a failing endpoint before its next probe (`WEBHOOK_BACKOFF_BASE_SECONDS`). */
  backoffBaseMs: number
  /** Longest pause between two probes of a failing endpoint (`WEBHOOK_BACKOFF_MAX_SECONDS`). */
  backoffMaxMs: number
  /** How long events and delivery logs are kept (`WEBHOOK_RETENTION_DAYS`). */
  retentionMs: number
  /** How often old events and deliveries are deleted (`WEBHOOK_CLEANUP_INTERVAL_SECONDS`). */
  cleanupIntervalMs: number
  /** Whether each attempt is written to the attempt log (`WEBHOOK_ATTEMPT_LOG`). */
  isAttemptLogged: boolean
}

/** The longest `timeout_seconds` a subscription may have: the longest single send. */
export const maxTimeoutSeconds = 30

/**
 * Time a lease must have beyond the longest send: the outcome is written in a batch after the
 * send ends (at most a few tens of milliseconds), and clocks of database and worker may differ.
 */
export const leaseMarginMs = 5000

/** The shortest lease that covers every send (35 s): a shorter one is refused at start. */
export const minimumLeaseMs = maxTimeoutSeconds * 1000 + leaseMarginMs

/**
 * Throws, naming the setting, when `settings` cannot work together: a lease shorter than the
 * longest send would let a second worker take a delivery over while the first still sends it.
 */
export function assertWorkable(settings: WorkerSettings) {
  if (settings.leaseMs < minimumLeaseMs) {
    throw new Error(
      `WEBHOOK_LEASE_SECONDS=${settings.leaseMs / 1000} cannot cover the longest send ` +
        `(timeout_seconds may be up to ${maxTimeoutSeconds}, plus ${leaseMarginMs / 1000} s ` +
        `to record the outcome): set it to at least ${minimumLeaseMs / 1000}, or leave it unset ` +
        `for the default of 60.`,
    )
  }
  if (settings.backoffMaxMs < settings.backoffBaseMs) {
    throw new Error('WEBHOOK_BACKOFF_MAX_SECONDS must not be below WEBHOOK_BACKOFF_BASE_SECONDS')
  }
}
