import { realTimers, type Timers } from '@/runtime/timers'

/**
 * Waits for `idle` (the sends in flight to end) until `deadline` (epoch ms; none: as long as
 * they take). Resolves true when they ended in time, false when the deadline came first: what
 * still runs is left to its lease.
 */
export async function idleByDeadline(
  idle: Promise<void>,
  deadline: number | undefined,
  timers: Timers = realTimers,
): Promise<boolean> {
  if (deadline === undefined) {
    await idle
    return true
  }
  let timer: ReturnType<Timers['setTimer']> | undefined
  const lapse = new Promise<false>((resolve) => {
    timer = timers.setTimer(() => resolve(false), Math.max(0, deadline - timers.now()))
  })
  try {
    return await Promise.race([idle.then(() => true as const), lapse])
  } finally {
    timers.clearTimer(timer!)
  }
}
