import type { Timers } from './timers'

/** Timers on a clock that moves only when the spec says (`advance`), firing what falls due. */
export function fakeTimers(start = 1_000_000) {
  let now = start
  let serial = 0
  const pending = new Map<number, { at: number; run: () => void }>()
  const timers: Timers = {
    now: () => now,
    setTimer: (run, ms) => {
      serial += 1
      pending.set(serial, { at: now + Math.max(0, ms), run })
      return { id: serial }
    },
    clearTimer: (timer) => {
      pending.delete(timer.id as number)
    },
  }
  /** Moves the clock `ms` on, running each timer that falls due in order, and the promises it settles. */
  const advance = async (ms: number) => {
    const until = now + ms
    for (;;) {
      await flushPromises()
      const next = [...pending.entries()].sort(([, a], [, b]) => a.at - b.at)[0]
      if (!next || next[1].at > until) break
      pending.delete(next[0])
      now = next[1].at
      next[1].run()
    }
    now = until
    await flushPromises()
  }
  return { timers, advance, pendingTimers: () => pending.size, now: () => now }
}

/** Lets every promise already settled run its callbacks. */
export async function flushPromises() {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}
