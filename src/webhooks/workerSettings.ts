import { parseAllowedRanges } from './addressPolicy'
import { defaultRetrySchedule, parseRetrySchedule } from './retryPolicy'

/** Settings of the webhook worker and the outbound HTTP client, read from the environment. */
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

const positive = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number`)
  return number
}

/**
 * Reads the settings from `env` and checks they can work together: a lease shorter than the
 * longest send would let a second worker take a delivery over while the first still sends it,
 * so it is refused with a message naming the variable (callers exit non-zero on it).
 */
export function workerSettings(
  env: Record<string, string | undefined> = process.env,
): WorkerSettings {
  const settings: WorkerSettings = {
    concurrency: positive(env.WEBHOOK_CONCURRENCY, 50, 'WEBHOOK_CONCURRENCY'),
    endpointConcurrency: positive(
      env.WEBHOOK_ENDPOINT_CONCURRENCY,
      10,
      'WEBHOOK_ENDPOINT_CONCURRENCY',
    ),
    leaseMs: positive(env.WEBHOOK_LEASE_SECONDS, 60, 'WEBHOOK_LEASE_SECONDS') * 1000,
    pollMs: positive(env.WEBHOOK_POLL_MS, 1000, 'WEBHOOK_POLL_MS'),
    retrySchedule: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE || defaultRetrySchedule),
    backoffBaseMs:
      positive(env.WEBHOOK_BACKOFF_BASE_SECONDS, 5, 'WEBHOOK_BACKOFF_BASE_SECONDS') * 1000,
    backoffMaxMs:
      positive(env.WEBHOOK_BACKOFF_MAX_SECONDS, 3600, 'WEBHOOK_BACKOFF_MAX_SECONDS') * 1000,
    retentionMs: positive(env.WEBHOOK_RETENTION_DAYS, 30, 'WEBHOOK_RETENTION_DAYS') * 86_400_000,
    cleanupIntervalMs:
      positive(env.WEBHOOK_CLEANUP_INTERVAL_SECONDS, 3600, 'WEBHOOK_CLEANUP_INTERVAL_SECONDS') *
      1000,
  }
  assertWorkable(settings)
  return settings
}

/** Throws, naming the setting, when `settings` cannot work (see `workerSettings`). */
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

/** Address ranges beyond public unicast that webhooks may reach (`WEBHOOK_ALLOWED_ADDRESS_RANGES`). */
export const allowedAddressRanges = () =>
  parseAllowedRanges(process.env.WEBHOOK_ALLOWED_ADDRESS_RANGES)
