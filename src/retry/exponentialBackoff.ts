/**
 * How a repeated wait grows: `first` for the first attempt, doubled for each one after it, at
 * most `max`, multiplied by a random factor from `jitter` (`[low, high]`) so that many waiters
 * do not come back at the same moment. The one back-off of the app: webhook retries and
 * endpoint pauses, notices, the worker's reconnects and outcome writes all use it.
 */
export type Backoff = {
  /** The wait before the second attempt (the first wait), in the caller's unit. */
  first: number
  /** The longest wait; unbounded when absent. */
  max?: number
  /** The range of the random factor applied to the wait; none when absent. */
  jitter?: readonly [low: number, high: number]
}

/** A jitter of ±`fraction` around the wait: `spread(0.1)` is 90 % to 110 %. */
export const spread = (fraction: number) => [1 - fraction, 1 + fraction] as const

/** `delay` multiplied by a factor drawn from `jitter` with `random` (in [0, 1)). */
export function withJitter(
  delay: number,
  jitter: Backoff['jitter'],
  random: () => number = Math.random,
): number {
  if (!jitter) return delay
  const [low, high] = jitter
  return delay * (low + (high - low) * random())
}

/** The wait after failed attempt number `attempt` (1-based; 0 counts as 1) under `backoff`. */
export function exponentialDelay(
  backoff: Backoff,
  attempt: number,
  random: () => number = Math.random,
): number {
  const planned = Math.min(backoff.first * 2 ** Math.max(attempt - 1, 0), backoff.max ?? Infinity)
  return withJitter(planned, backoff.jitter, random)
}
