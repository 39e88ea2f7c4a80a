import { exponentialDelay, spread } from '@/retry/exponentialBackoff'

/** How a failing endpoint's pauses grow: the first, and the longest. */
export type BackoffSettings = {
  /** Pause after the first failure. */
  backoffBaseMs: number
  /** Longest pause between two probes. */
  backoffMaxMs: number
}

/** A subscription's back-off as stored beside it. */
export type BackoffState = {
  /** 0: the endpoint is healthy; n: the endpoint's n-th pause in a row. */
  level: number
  /** The delivery claimed as the probe of the current pause, if one is in flight. */
  probeDeliveryId: number | null
  /**
   * The end of the pause that a send asked for by a person interrupted (`interruptPause`), if
   * one did and no outcome has settled it since: a failed probe resumes that pause.
   */
  resumeAt: Date | null
}

/** One attempt's result, in the order the attempts ended. */
export type AttemptResult = { deliveryId: number; isSuccess: boolean }

/** What to store after a batch of attempts; `null` leaves the back-off as it was. */
export type BackoffChange = {
  level: number
  /** No delivery (except one probe) is claimed before this; `null`: none held. */
  until: Date | null
  /** True when this change opened the back-off (the endpoint was healthy before). */
  hasOpened: boolean
} | null

/** Fraction by which a pause is randomly lengthened or shortened, so that probes spread. */
export const backoffJitter = 0.1

/**
 * The pause before the next probe at back-off level `level` (1-based): the base, doubled at
 * each level, at most the maximum, with ±10 % jitter.
 */
export function backoffDelay(
  level: number,
  settings: BackoffSettings,
  random: () => number = Math.random,
): number {
  const backoff = {
    first: settings.backoffBaseMs,
    max: settings.backoffMaxMs,
    jitter: spread(backoffJitter),
  }
  return Math.round(exponentialDelay(backoff, level, random))
}

/**
 * The endpoint circuit breaker, shared by all workers through the subscription row: any failed
 * attempt of a healthy endpoint opens a pause; while it lasts the endpoint's due deliveries are
 * held (not attempted, their own retry schedules untouched); when it ends one delivery is sent
 * as a probe. A probe that fails starts a pause twice as long (up to the maximum); any success
 * closes the breaker. Failures of sends that were already in flight when the pause opened
 * change nothing: one outage costs one level, not one per send.
 *
 * A probe sent early because a person asked (`interruptPause`) that fails resumes the pause it
 * interrupted, at its level and with its end: only the pause's own probe, when the pause is
 * over, raises the level. However many tests, retries and "Send now" clicks meet an outage, it
 * costs the levels the outage alone would, and the endpoint's next probe comes as soon as it
 * would have without them.
 */
export function nextBackoff(args: {
  state: BackoffState
  results: readonly AttemptResult[]
  settings: BackoffSettings
  now: Date
  random?: () => number
}): BackoffChange {
  const { state, results, settings, now } = args
  const last = results.at(-1)
  if (!last) return null
  if (last.isSuccess) return state.level === 0 ? null : { level: 0, until: null, hasOpened: false }
  const pause = (level: number) =>
    new Date(now.getTime() + backoffDelay(level, settings, args.random))
  const wasHealthy = state.level === 0 || results.some((result) => result.isSuccess)
  if (wasHealthy) return { level: 1, until: pause(1), hasOpened: true }
  const hasProbeFailed = results.some(
    (result) => !result.isSuccess && result.deliveryId === state.probeDeliveryId,
  )
  if (!hasProbeFailed) return null
  if (state.resumeAt && state.resumeAt > now) {
    return { level: state.level, until: state.resumeAt, hasOpened: false }
  }
  return { level: state.level + 1, until: pause(state.level + 1), hasOpened: false }
}

/** What a send asked for by a person changes in the back-off (`interruptPause`). */
export type PauseInterruption = {
  /** No delivery (but the probe) is claimed before this. */
  until: Date | null
  /** Every send in flight is forgotten as the probe: the next one claimed is it. */
  probeDeliveryId: null
  /** The pause a failed probe resumes (`BackoffState.resumeAt`). */
  resumeAt: Date | null
}

/**
 * A person asked for a send now (a retry, a test event, "Send now"): the endpoint's pause ends
 * at once, so that this send goes out as the probe within a second, but the pause is kept to be
 * resumed if the probe fails (`nextBackoff`):
 * - a healthy endpoint (level 0) has no pause: nothing changes;
 * - the end of a pause still running is kept, and an earlier interruption's is kept over it
 *   (the pause an outage costs, however many clicks);
 * - a probe already in flight (its pause is over) is forgotten as the probe, so that its
 *   failure does not start a new pause before this send goes out; this send's failure then
 *   counts as that probe's would have: one level;
 * - a pause that is over, with no probe in flight yet: this send is its probe.
 */
export function interruptPause(
  state: BackoffState & { until: Date | null },
  now: Date,
): PauseInterruption {
  if (state.level === 0) {
    return { until: state.until, probeDeliveryId: null, resumeAt: state.resumeAt }
  }
  const isPausing = state.until !== null && state.until > now
  const interrupted = state.probeDeliveryId !== null ? now : isPausing ? state.until : null
  return {
    until: isPausing ? now : state.until,
    probeDeliveryId: null,
    resumeAt: state.resumeAt ?? interrupted,
  }
}
