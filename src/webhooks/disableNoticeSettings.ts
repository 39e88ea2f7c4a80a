/** How the e-mails telling owners that a subscription was disabled are sent and retried. */
export type DisableNoticeSettings = {
  /** `WEBHOOK_NOTICE_INTERVAL_SECONDS` (default 10): how often due notices are looked for. */
  intervalMs: number
  /** `WEBHOOK_NOTICE_RETRY_SECONDS` (default 60): the first pause after a failed send (doubling, at most an hour). */
  retryBaseSeconds: number
}

/** The settings from `env`; throws an error naming the variable for a value that cannot work. */
export function disableNoticeSettings(
  env: Record<string, string | undefined>,
): DisableNoticeSettings {
  return {
    intervalMs: seconds(env, 'WEBHOOK_NOTICE_INTERVAL_SECONDS', { min: 0.1, max: 3600 }, 10) * 1000,
    retryBaseSeconds: seconds(env, 'WEBHOOK_NOTICE_RETRY_SECONDS', { min: 0, max: 3600 }, 60),
  }
}

function seconds(
  env: Record<string, string | undefined>,
  name: string,
  bounds: { min: number; max: number },
  fallback: number,
): number {
  const raw = env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) {
    throw new Error(`${name} must be a number of seconds from ${bounds.min} to ${bounds.max}`)
  }
  return value
}
