import { realTimers, type Timer, type Timers } from '@/runtime/timers'

/** Why a worker's sleep ended. */
export type WakeReason = 'woken' | 'elapsed' | 'stopped'

/**
 * How the worker's loop sleeps between cycles with nothing to do, and how it is woken: a NOTIFY,
 * an outcome batch written or enough sends ended `nudge` it. A nudge that comes while a cycle
 * runs is kept, so the sleep after that cycle ends at once (the cycle may have missed what the
 * nudge announced); `beginCycle` forgets the nudges the coming cycle will see anyway.
 */
export type WakeSignal = {
  /** Called as a cycle starts: nudges before it are answered by the cycle itself. */
  beginCycle: () => void
  nudge: () => void
  /** Sleeps up to `ms`; ends at once when nudged since `beginCycle`, or when stopped. */
  sleep: (ms: number) => Promise<WakeReason>
  /** Ends a sleep under way and every later one at once. */
  stop: () => void
}

export function createWakeSignal(timers: Timers = realTimers): WakeSignal {
  let hasPendingWake = false
  let isStopped = false
  let endSleep: ((reason: WakeReason) => void) | undefined
  return {
    beginCycle: () => {
      hasPendingWake = false
    },
    nudge: () => {
      hasPendingWake = true
      endSleep?.('woken')
    },
    sleep: (ms) =>
      new Promise<WakeReason>((resolve) => {
        if (isStopped) return resolve('stopped')
        if (hasPendingWake) return resolve('woken')
        let timer: Timer | undefined = undefined
        const end = (reason: WakeReason) => {
          if (timer) timers.clearTimer(timer)
          endSleep = undefined
          resolve(reason)
        }
        timer = timers.setTimer(() => end('elapsed'), ms)
        endSleep = end
      }),
    stop: () => {
      isStopped = true
      endSleep?.('stopped')
    },
  }
}
