import { describe, expect, it } from 'vitest'

import { fakeTimers, flushPromises } from '@/runtime/timers.testing'
import { idleByDeadline } from './idleByDeadline'

function sends() {
  let end: () => void = () => {}
  const idle = new Promise<void>((resolve) => (end = resolve))
  return { idle, end }
}

describe("a stopping worker's wait for its sends", () => {
  it('waits as long as the sends take when there is no deadline', async () => {
    const clock = fakeTimers()
    const inFlight = sends()
    let result: boolean | undefined
    void idleByDeadline(inFlight.idle, undefined, clock.timers).then((value) => (result = value))
    await clock.advance(3_600_000)
    expect(result).toBeUndefined()
    inFlight.end()
    await flushPromises()
    expect(result).toBe(true)
  })

  it('answers true as soon as the sends end before the deadline, leaving no timer', async () => {
    const clock = fakeTimers()
    const inFlight = sends()
    let result: boolean | undefined
    void idleByDeadline(inFlight.idle, clock.now() + 10_000, clock.timers).then(
      (value) => (result = value),
    )
    await clock.advance(2_000)
    inFlight.end()
    await flushPromises()
    expect(result).toBe(true)
    expect(clock.pendingTimers()).toBe(0)
  })

  it('answers false at the deadline while a send still runs (its lease takes over)', async () => {
    const clock = fakeTimers()
    const inFlight = sends()
    let result: boolean | undefined
    void idleByDeadline(inFlight.idle, clock.now() + 10_000, clock.timers).then(
      (value) => (result = value),
    )
    await clock.advance(9_999)
    expect(result).toBeUndefined()
    await clock.advance(1)
    expect(result).toBe(false)
  })

  it('answers at once for a deadline already past', async () => {
    const clock = fakeTimers()
    let result: boolean | undefined
    void idleByDeadline(sends().idle, clock.now() - 5, clock.timers).then(
      (value) => (result = value),
    )
    await clock.advance(0)
    expect(result).toBe(false)
  })
})
