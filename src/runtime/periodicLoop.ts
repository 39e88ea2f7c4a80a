import { realTimers, type Timer, type Timers } from './timers'

/** A running periodic loop. */
export type PeriodicLoop = {
  /** Runs a pass now, or right after the one under way (never two at once). */
  nudge: () => void
  /**
   * Ends the timer and waits for the pass under way: a pass sees `isStopping()` turn true and
   * may end early (what it leaves is picked up by the next start, or by another process).
   */
  stop: () => Promise<void>
  /** When the last pass that did not fail ended (undefined before the first). */
  lastSuccessAt: () => Date | undefined
}

export type PeriodicLoopOptions = {
  /** What is logged with a failed pass: "<name> failed". */
  name: string
  /** The pause between the end of one pass and the start of the next. */
  intervalMs: number
  /** Whether the first pass runs at once (else after the first interval). */
  runAtStart: boolean
  /** One pass; a throw is logged, never rethrown, and the next pass runs on schedule. */
  pass: (control: { isStopping: () => boolean }) => Promise<unknown>
  logError: (message: string, error: unknown) => void
  timers?: Timers
}

/**
 * Runs `pass` again and again, `intervalMs` after each pass ends, one pass at a time, on a timer
 * that does not keep the process alive. The job runner, the order sweeper and the e-mail notice
 * loops are each one of these: a pass that takes longer than the interval is never overlapped
 * by the next, a nudge during a pass runs one more right after it, and a stop waits for the
 * pass under way and starts none after it.
 */
export function startPeriodicLoop(options: PeriodicLoopOptions): PeriodicLoop {
  const timers = options.timers ?? realTimers
  let running: Promise<void> | undefined
  let timer: Timer | undefined
  let isDueAgain = false
  let isStopped = false
  let lastSuccessAt: Date | undefined
  const control = { isStopping: () => isStopped }

  const schedule = () => {
    if (isStopped) return
    timer = timers.setTimer(run, options.intervalMs)
  }
  function run() {
    if (isStopped) return
    if (running) {
      isDueAgain = true
      return
    }
    if (timer) timers.clearTimer(timer)
    timer = undefined
    running = Promise.resolve()
      .then(() => options.pass(control))
      .then(
        () => {
          lastSuccessAt = new Date(timers.now())
        },
        (error: unknown) => options.logError(`${options.name} failed`, error),
      )
      .finally(() => {
        running = undefined
        if (isDueAgain) {
          isDueAgain = false
          run()
        } else schedule()
      })
  }

  if (options.runAtStart) run()
  else schedule()

  return {
    nudge: run,
    stop: async () => {
      isStopped = true
      if (timer) timers.clearTimer(timer)
      timer = undefined
      while (running) await running
    },
    lastSuccessAt: () => lastSuccessAt,
  }
}
