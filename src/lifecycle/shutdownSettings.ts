/** How long a process may take to stop after SIGTERM or SIGINT: `SHUTDOWN_TIMEOUT_SECONDS`. */
export const defaultShutdownTimeoutSeconds = 25

/**
 * The shutdown bound in milliseconds. Anything but a positive number of seconds is refused, so
 * that a typo never turns into "exit at once" or "wait forever".
 */
export function shutdownTimeoutMs(env: Record<string, string | undefined>): number {
  const raw = env.SHUTDOWN_TIMEOUT_SECONDS
  if (raw === undefined || raw.trim() === '') return defaultShutdownTimeoutSeconds * 1000
  const seconds = Number(raw)
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`SHUTDOWN_TIMEOUT_SECONDS must be a positive number of seconds (got "${raw}")`)
  }
  return seconds * 1000
}
