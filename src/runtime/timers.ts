/**
 * The clock and timers a background loop runs on: the real ones in the app, a fake one in a
 * spec (`fakeTimers` in `timers.testing.ts`), so that waking, sleeping and stopping are tested
 * without waiting.
 */
export type Timers = {
  now: () => number
  /** Calls `run` after `ms`; the timer does not keep the process alive. */
  setTimer: (run: () => void, ms: number) => Timer
  clearTimer: (timer: Timer) => void
}

export type Timer = { readonly id: unknown }

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimer: (run, ms) => {
    const handle = setTimeout(run, ms)
    handle.unref()
    return { id: handle }
  },
  clearTimer: (timer) => clearTimeout(timer.id as NodeJS.Timeout),
}
