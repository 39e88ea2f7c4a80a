import { describe, expect, it } from 'vitest'

import { startPeriodicLoop } from './periodicLoop'
import { fakeTimers, flushPromises } from './timers.testing'

/** A pass the spec ends by hand, counting how often it started. */
function controlledPass() {
  const ends: Array<(outcome?: Error) => void> = []
  const pass = () =>
    new Promise<void>((resolve, reject) => {
      ends.push((error) => (error ? reject(error) : resolve()))
    })
  return {
    pass,
    started: () => ends.length,
    endLatest: async (error?: Error) => {
      ends.at(-1)!(error)
      await flushPromises()
    },
  }
}

function loop(options: { runAtStart: boolean; intervalMs?: number }) {
  const clock = fakeTimers()
  const work = controlledPass()
  const errors: string[] = []
  const running = startPeriodicLoop({
    name: 'Test loop',
    intervalMs: options.intervalMs ?? 1000,
    runAtStart: options.runAtStart,
    pass: work.pass,
    logError: (message, error) => errors.push(`${message}: ${(error as Error).message}`),
    timers: clock.timers,
  })
  return { clock, work, errors, running }
}

describe('startPeriodicLoop', () => {
  it('runs at once when asked, then one interval after each pass ends, never two at once', async () => {
    const { clock, work, running } = loop({ runAtStart: true })
    await flushPromises()
    expect(work.started()).toBe(1)
    // A pass longer than the interval is not overlapped.
    await clock.advance(5000)
    expect(work.started()).toBe(1)
    await work.endLatest()
    await clock.advance(999)
    expect(work.started()).toBe(1)
    await clock.advance(1)
    expect(work.started()).toBe(2)
    expect(running.lastSuccessAt()?.getTime()).toBe(1_005_000)
  })

  it('waits one interval for its first pass when not run at start', async () => {
    const { clock, work } = loop({ runAtStart: false, intervalMs: 60_000 })
    await clock.advance(59_999)
    expect(work.started()).toBe(0)
    await clock.advance(1)
    expect(work.started()).toBe(1)
  })

  it('runs a nudged pass at once, or right after the one under way, and only one for many nudges', async () => {
    const { clock, work, running } = loop({ runAtStart: false })
    running.nudge()
    await flushPromises()
    expect(work.started()).toBe(1)
    running.nudge()
    running.nudge()
    await flushPromises()
    expect(work.started()).toBe(1)
    await work.endLatest()
    expect(work.started()).toBe(2)
    await work.endLatest()
    // Back on the timer: the next one an interval later.
    await clock.advance(999)
    expect(work.started()).toBe(2)
    await clock.advance(1)
    expect(work.started()).toBe(3)
  })

  it('logs a failed pass and runs the next one on schedule', async () => {
    const { clock, work, errors, running } = loop({ runAtStart: true })
    await flushPromises()
    await work.endLatest(new Error('database away'))
    expect(errors).toEqual(['Test loop failed: database away'])
    expect(running.lastSuccessAt()).toBeUndefined()
    await clock.advance(1000)
    expect(work.started()).toBe(2)
  })

  it('stops: waits for the pass under way, which sees it stopping, and starts none after it', async () => {
    const clock = fakeTimers()
    const seen: boolean[] = []
    let endPass: () => void = () => {}
    const running = startPeriodicLoop({
      name: 'Test loop',
      intervalMs: 1000,
      runAtStart: true,
      pass: async ({ isStopping }) => {
        await new Promise<void>((resolve) => (endPass = resolve))
        seen.push(isStopping())
      },
      logError: () => {},
      timers: clock.timers,
    })
    await flushPromises()
    let isStopped = false
    const stopping = running.stop().then(() => (isStopped = true))
    await flushPromises()
    expect(isStopped).toBe(false)
    endPass()
    await stopping
    expect(seen).toEqual([true])
    running.nudge()
    await clock.advance(10_000)
    expect(seen).toEqual([true])
    expect(clock.pendingTimers()).toBe(0)
  })
})
