import { describe, expect, it } from 'vitest'

import { fakeTimers, flushPromises } from '@/runtime/timers.testing'
import { createWakeSignal, type WakeReason } from './wakeSignal'

/** A sleep whose end the spec can read without awaiting it. */
function watch(sleep: Promise<WakeReason>) {
  let reason: WakeReason | undefined
  void sleep.then((value) => (reason = value))
  return () => reason
}

describe("the worker loop's wake signal", () => {
  it('sleeps the whole poll interval when nothing nudges it', async () => {
    const clock = fakeTimers()
    const signal = createWakeSignal(clock.timers)
    signal.beginCycle()
    const ended = watch(signal.sleep(500))
    await clock.advance(499)
    expect(ended()).toBeUndefined()
    await clock.advance(1)
    expect(ended()).toBe('elapsed')
    expect(clock.pendingTimers()).toBe(0)
  })

  it('ends a sleep at once when nudged during it (a NOTIFY, outcomes written)', async () => {
    const clock = fakeTimers()
    const signal = createWakeSignal(clock.timers)
    signal.beginCycle()
    const ended = watch(signal.sleep(500))
    await clock.advance(100)
    signal.nudge()
    await flushPromises()
    expect(ended()).toBe('woken')
    expect(clock.pendingTimers()).toBe(0)
  })

  it('does not sleep after a cycle during which it was nudged (the cycle may have missed it)', async () => {
    const clock = fakeTimers()
    const signal = createWakeSignal(clock.timers)
    signal.beginCycle()
    signal.nudge()
    const ended = watch(signal.sleep(500))
    await flushPromises()
    expect(ended()).toBe('woken')
  })

  it('forgets a nudge that came before the cycle began: the cycle answers it', async () => {
    const clock = fakeTimers()
    const signal = createWakeSignal(clock.timers)
    signal.nudge()
    signal.beginCycle()
    const ended = watch(signal.sleep(500))
    await clock.advance(499)
    expect(ended()).toBeUndefined()
    await clock.advance(1)
    expect(ended()).toBe('elapsed')
  })

  it('ends a sleep under way on stop, and every later sleep at once', async () => {
    const clock = fakeTimers()
    const signal = createWakeSignal(clock.timers)
    signal.beginCycle()
    const ended = watch(signal.sleep(60_000))
    signal.stop()
    await flushPromises()
    expect(ended()).toBe('stopped')
    const later = watch(signal.sleep(60_000))
    await flushPromises()
    expect(later()).toBe('stopped')
    expect(clock.pendingTimers()).toBe(0)
  })
})
