import { custom, decimal, onOff, wholeNumber } from '@/config/readers'
import { ConfigError } from '@/config/readVariables'
import { optional, seconds, setting, type ValuesOf } from '@/config/variables'
import { parseAllowedRanges, type AddressRange } from './addressPolicy'
import type { DisableNoticeSettings } from './disableNoticeSettings'
import { defaultRetrySchedule, parseRetrySchedule } from './retryPolicy'
import { assertWorkable, type WorkerSettings } from './workerSettings'

declare module '@/config/appConfig' {
  interface AppConfig {
    webhooks: WebhookSettings
  }
}

/** The worker's settings, and what subscriptions may reach and own. */
export type WebhookSettings = WorkerSettings & {
  /** `WEBHOOK_WORKER=on`: the app server runs a worker. */
  isWorkerInApp: boolean
  /** `WEBHOOK_ALLOWED_ADDRESS_RANGES`. */
  allowedAddressRanges: ReadonlySet<AddressRange>
  /** `WEBHOOK_PROBE_TIMEOUT_MS`. */
  probeTimeoutMs: number
  /** `WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER`: subscriptions one consumer may have. */
  maxSubscriptionsPerConsumer: number
  /** `WEBHOOK_NOTICE_*`. */
  notices: DisableNoticeSettings
}

/**
 * How deliveries are sent: whether this app server runs a worker, how many sends at once, the
 * lease, the poll, the retry schedule and the back-off of a failing endpoint. The reference
 * lists the portal's variables after these, then `keepingVariables`.
 */
export const sendingVariables = {
  WEBHOOK_WORKER: setting({
    group: 'Webhooks',
    description:
      '`off`: no webhook worker inside the app server (then run `npm run worker` processes).',
    reader: onOff,
    fallback: 'on',
  }),
  WEBHOOK_CONCURRENCY: setting({
    group: 'Webhooks',
    description: 'Sends in flight at once in one worker, across all endpoints.',
    reader: decimal({ above: 0 }),
    fallback: '50',
  }),
  WEBHOOK_ENDPOINT_CONCURRENCY: setting({
    group: 'Webhooks',
    description: 'Sends in flight at once to one subscription\u2019s endpoint, across all workers.',
    reader: decimal({ above: 0 }),
    fallback: '10',
  }),
  WEBHOOK_LEASE_SECONDS: setting({
    group: 'Webhooks',
    description:
      'How long a worker\u2019s claim lasts; a crashed worker\u2019s deliveries are retried after it. At least 35 (the longest send, 30 s, plus a margin).',
    reader: decimal({ above: 0 }),
    fallback: '60',
  }),
  WEBHOOK_POLL_MS: setting({
    group: 'Webhooks',
    description:
      'Fallback poll in milliseconds (LISTEN/NOTIFY wakes workers at once); also picks up due retries.',
    reader: decimal({ above: 0 }),
    fallback: '1000',
  }),
  WEBHOOK_RETRY_SCHEDULE: setting({
    group: 'Webhooks',
    description:
      'Delay before each attempt of one delivery (`ms`, `s`, `m`, `h`, `d`); dead after the last.',
    reader: custom('comma-separated durations', parseRetrySchedule),
    fallback: defaultRetrySchedule,
  }),
  WEBHOOK_BACKOFF_BASE_SECONDS: setting({
    group: 'Webhooks',
    description:
      'First pause of a failing endpoint before its next probe; it doubles up to the longest.',
    reader: decimal({ above: 0 }),
    fallback: '5',
  }),
  WEBHOOK_BACKOFF_MAX_SECONDS: setting({
    group: 'Webhooks',
    description: 'Longest pause between two probes of a failing endpoint (not below the first).',
    reader: decimal({ above: 0 }),
    fallback: '3600',
  }),
}

/**
 * What is kept and allowed: retention and the attempt log, the disable notices, the addresses
 * an endpoint may have, the probe, and the subscriptions one consumer may own.
 */
export const keepingVariables = {
  WEBHOOK_RETENTION_DAYS: setting({
    group: 'Webhooks',
    description: 'Days events (for recover) and delivery logs are kept.',
    reader: decimal({ above: 0 }),
    fallback: '30',
  }),
  WEBHOOK_ATTEMPT_LOG: setting({
    group: 'Webhooks',
    description:
      '`off`: attempts are not kept one by one (`GET /webhooks/deliveries/{id}/attempts` lists none; the delivery log keeps the last attempt). For measuring what the log costs, or to save space.',
    reader: onOff,
    fallback: 'on',
  }),
  WEBHOOK_CLEANUP_INTERVAL_SECONDS: setting({
    group: 'Webhooks',
    description: 'How often events and deliveries past the retention are deleted.',
    reader: decimal({ above: 0 }),
    fallback: '3600',
  }),
  WEBHOOK_NOTICE_INTERVAL_SECONDS: setting({
    group: 'Webhooks',
    description: 'Seconds between looks for disable notices to e-mail.',
    reader: seconds({ min: 0.1, max: 3600 }),
    fallback: '10',
  }),
  WEBHOOK_NOTICE_RETRY_SECONDS: setting({
    group: 'Webhooks',
    description: 'First pause after a failed disable notice (doubling, at most an hour).',
    reader: seconds({ min: 0, max: 3600 }),
    fallback: '60',
  }),
  WEBHOOK_ALLOWED_ADDRESS_RANGES: optional({
    group: 'Webhooks',
    description:
      'Non-public address ranges webhooks may reach (ipaddr.js names, e.g. `loopback,private`). A consumer whose endpoint is refused is told to use a public address; the log names the range that would allow it.',
    reader: custom('comma-separated ranges', parseAllowedRanges),
    unset: 'none; `npm run dev` sets `loopback` unless the variable is set (even empty)',
  }),
  WEBHOOK_PROBE_TIMEOUT_MS: setting({
    group: 'Webhooks',
    description: 'Timeout of the reachability probe made when a subscription is created.',
    reader: wholeNumber({ min: 1, max: 30_000 }),
    fallback: '3000',
  }),
  WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER: setting({
    group: 'Webhooks',
    description:
      'Subscriptions one API consumer may have, inactive ones included (each one multiplies every fan-out); one more is refused with 409.',
    reader: wholeNumber({ min: 1, max: 10_000 }),
    fallback: '100',
  }),
}

/**
 * The webhooks' settings from their variables' values; settings that cannot work together
 * (a lease shorter than the longest send) throw a `ConfigError`.
 */
export function webhookSettings(
  v: ValuesOf<typeof sendingVariables> & ValuesOf<typeof keepingVariables>,
): WebhookSettings {
  const worker: WorkerSettings = {
    concurrency: v.WEBHOOK_CONCURRENCY,
    endpointConcurrency: v.WEBHOOK_ENDPOINT_CONCURRENCY,
    leaseMs: v.WEBHOOK_LEASE_SECONDS * 1000,
    pollMs: v.WEBHOOK_POLL_MS,
    retrySchedule: v.WEBHOOK_RETRY_SCHEDULE,
    backoffBaseMs: v.WEBHOOK_BACKOFF_BASE_SECONDS * 1000,
    backoffMaxMs: v.WEBHOOK_BACKOFF_MAX_SECONDS * 1000,
    retentionMs: v.WEBHOOK_RETENTION_DAYS * 86_400_000,
    cleanupIntervalMs: v.WEBHOOK_CLEANUP_INTERVAL_SECONDS * 1000,
    isAttemptLogged: v.WEBHOOK_ATTEMPT_LOG,
  }
  try {
    assertWorkable(worker)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
  return {
    ...worker,
    isWorkerInApp: v.WEBHOOK_WORKER,
    allowedAddressRanges: v.WEBHOOK_ALLOWED_ADDRESS_RANGES ?? new Set(),
    probeTimeoutMs: v.WEBHOOK_PROBE_TIMEOUT_MS,
    maxSubscriptionsPerConsumer: v.WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER,
    notices: {
      intervalMs: v.WEBHOOK_NOTICE_INTERVAL_SECONDS * 1000,
      retryBaseSeconds: v.WEBHOOK_NOTICE_RETRY_SECONDS,
    },
  }
}
