import { parseAllowedRanges } from './addressPolicy'
import { defaultRetrySchedule, parseRetrySchedule } from './retryPolicy'

/** Settings of the webhook worker and the outbound HTTP client, read from the environment. */
export type WorkerSettings = {
  /** Sends in flight at once, across all endpoints (`WEBHOOK_CONCURRENCY`). */
  concurrency: number
  /** Sends in flight at once to one endpoint URL (`WEBHOOK_ENDPOINT_CONCURRENCY`). */
  endpointConcurrency: number
  /** How long a claim is held before another worker may take the delivery over (`WEBHOOK_LEASE_SECONDS`). */
  leaseMs: number
  /** Fallback poll when no NOTIFY arrives, which also picks up due retries (`WEBHOOK_POLL_MS`). */
  pollMs: number
  /** Delay before each attempt (`WEBHOOK_RETRY_SCHEDULE`). */
  retrySchedule: number[]
}

const positive = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number`)
  return number
}

export function workerSettings(
  env: Record<string, string | undefined> = process.env,
): WorkerSettings {
  return {
    concurrency: positive(env.WEBHOOK_CONCURRENCY, 50, 'WEBHOOK_CONCURRENCY'),
    endpointConcurrency: positive(
      env.WEBHOOK_ENDPOINT_CONCURRENCY,
      10,
      'WEBHOOK_ENDPOINT_CONCURRENCY',
    ),
    leaseMs: positive(env.WEBHOOK_LEASE_SECONDS, 60, 'WEBHOOK_LEASE_SECONDS') * 1000,
    pollMs: positive(env.WEBHOOK_POLL_MS, 1000, 'WEBHOOK_POLL_MS'),
    retrySchedule: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE || defaultRetrySchedule),
  }
}

/** Address ranges beyond public unicast that webhooks may reach (`WEBHOOK_ALLOWED_ADDRESS_RANGES`). */
export const allowedAddressRanges = () =>
  parseAllowedRanges(process.env.WEBHOOK_ALLOWED_ADDRESS_RANGES)
