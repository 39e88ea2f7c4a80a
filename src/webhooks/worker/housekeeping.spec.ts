import { describe, expect, it } from 'vitest'

import { fakeTimers } from '@/runtime/timers.testing'
import { createHousekeeping } from './housekeeping'

function housekeeping(cleanupIntervalMs: number, found = { recovered: 0, deleted: 0 }) {
  const clock = fakeTimers()
  const runs = { recover: 0, deleteExpired: 0 }
  const said: string[] = []
  const chores = createHousekeeping(
    { cleanupIntervalMs },
    {
      recover: async () => {
        runs.recover++
        return found.recovered
      },
      deleteExpired: async () => {
        runs.deleteExpired++
        return { events: found.deleted, deliveries: found.deleted * 2 }
      },
      log: (message) => said.push(message),
    },
    clock.timers,
  )
  return { clock, chores, runs, said }
}

describe("the worker's housekeeping", () => {
  it('looks for lapsed claims at its first cycle, then at most every 10 s however often the loop asks', async () => {
    const { clock, chores, runs } = housekeeping(3_600_000)
    await chores.recoverWhenDue()
    expect(runs.recover).toBe(1)
    for (let step = 0; step < 99; step++) {
      await clock.advance(100)
      await chores.recoverWhenDue()
    }
    expect(runs.recover).toBe(1)
    await clock.advance(100)
    await chores.recoverWhenDue()
    expect(runs.recover).toBe(2)
  })

  it('deletes history first within a minute of the start, then every cleanup interval', async () => {
    const { clock, chores, runs } = housekeeping(3_600_000)
    await chores.cleanUpWhenDue()
    expect(runs.deleteExpired).toBe(0)
    await clock.advance(59_999)
    await chores.cleanUpWhenDue()
    expect(runs.deleteExpired).toBe(0)
    await clock.advance(1)
    await chores.cleanUpWhenDue()
    expect(runs.deleteExpired).toBe(1)
    await clock.advance(3_599_999)
    await chores.cleanUpWhenDue()
    expect(runs.deleteExpired).toBe(1)
    await clock.advance(1)
    await chores.cleanUpWhenDue()
    expect(runs.deleteExpired).toBe(2)
  })

  it('runs its first cleanup after a short interval when the interval is under a minute', async () => {
    const { clock, chores, runs } = housekeeping(5_000)
    await clock.advance(5_000)
    await chores.cleanUpWhenDue()
    expect(runs.deleteExpired).toBe(1)
  })

  it('says what it recovered and deleted, and nothing when there was nothing', async () => {
    const quiet = housekeeping(1_000)
    await quiet.chores.recoverWhenDue()
    await quiet.clock.advance(1_000)
    await quiet.chores.cleanUpWhenDue()
    expect(quiet.said).toEqual([])

    const busy = housekeeping(1_000, { recovered: 3, deleted: 4 })
    await busy.chores.recoverWhenDue()
    await busy.clock.advance(1_000)
    await busy.chores.cleanUpWhenDue()
    expect(busy.said).toEqual([
      expect.stringContaining('3 deliveries whose worker stopped'),
      'Webhook history: deleted 4 events and 8 deliveries past retention',
    ])
  })

  it('does not retry a failing chore before its interval', async () => {
    const clock = fakeTimers()
    let tries = 0
    const chores = createHousekeeping(
      { cleanupIntervalMs: 60_000 },
      {
        recover: async () => {
          tries++
          throw new Error('database away')
        },
        deleteExpired: async () => ({ events: 0, deliveries: 0 }),
        log: () => {},
      },
      clock.timers,
    )
    await expect(chores.recoverWhenDue()).rejects.toThrow('database away')
    await clock.advance(5_000)
    await chores.recoverWhenDue()
    expect(tries).toBe(1)
  })
})
