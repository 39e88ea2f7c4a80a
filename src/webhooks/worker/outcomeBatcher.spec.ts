import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createOutcomeBatcher } from './outcomeBatcher'
import type { AttemptOutcome } from './sendDelivery'

const outcome = (deliveryId: number, leaseMs = 1_000_000) =>
  ({ deliveryId, subscriptionId: 'sub', leaseExpiresAt: new Date(leaseMs) }) as AttemptOutcome
const ids = (batch: AttemptOutcome[]) => batch.map((item) => item.deliveryId)

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** A batcher whose writes fail `failures` times first, recording what it was told. */
function batcher({ failures = 0, attempts = 3 } = {}) {
  const told: string[] = []
  let failuresLeft = failures
  let writing = 0
  let mostAtOnce = 0
  const batcher = createOutcomeBatcher(
    { flushSize: 3, flushMs: 20, attempts, backoff: { first: 200 } },
    {
      write: async (batch) => {
        writing++
        mostAtOnce = Math.max(mostAtOnce, writing)
        await new Promise((resolve) => setTimeout(resolve, 5))
        writing--
        if (failuresLeft-- > 0) throw new Error('database away')
        return batch.length
      },
      written: (batch, result) => told.push(`written ${ids(batch)} (${result})`),
      settled: (batch) => told.push(`settled ${ids(batch)}`),
      failed: (_error, attempt, willRetry) =>
        told.push(`failed try ${attempt}${willRetry ? ', again' : ', given up'}`),
    },
  )
  return { batcher, told, mostAtOnce: () => mostAtOnce }
}

describe('createOutcomeBatcher', () => {
  it('writes a batch once flushSize outcomes wait', async () => {
    const { batcher: b, told } = batcher()
    b.add(outcome(1))
    b.add(outcome(2))
    b.add(outcome(3))
    await vi.advanceTimersByTimeAsync(5)
    expect(told).toEqual(['written 1,2,3 (3)', 'settled 1,2,3'])
  })

  it('writes fewer flushMs after the first of them', async () => {
    const { batcher: b, told } = batcher()
    b.add(outcome(1))
    await vi.advanceTimersByTimeAsync(19)
    expect(told).toEqual([])
    await vi.advanceTimersByTimeAsync(6)
    expect(told).toEqual(['written 1 (1)', 'settled 1'])
  })

  it('tries a batch again with back-off while the database is away, then writes it', async () => {
    const { batcher: b, told } = batcher({ failures: 2 })
    b.add(outcome(7))
    await vi.advanceTimersByTimeAsync(25)
    expect(told).toEqual(['failed try 1, again'])
    await vi.advanceTimersByTimeAsync(205)
    expect(told).toEqual(['failed try 1, again', 'failed try 2, again'])
    await vi.advanceTimersByTimeAsync(405)
    expect(told).toEqual([
      'failed try 1, again',
      'failed try 2, again',
      'written 7 (1)',
      'settled 7',
    ])
  })

  it('gives a batch up after its last try, and settles it (its leases lapse)', async () => {
    const { batcher: b, told } = batcher({ failures: 5, attempts: 2 })
    b.add(outcome(8))
    await vi.advanceTimersByTimeAsync(1000)
    expect(told).toEqual(['failed try 1, again', 'failed try 2, given up', 'settled 8'])
  })

  it('writes one batch at a time, in order, and flush waits for all of them', async () => {
    const { batcher: b, told, mostAtOnce } = batcher()
    for (let id = 1; id <= 7; id++) b.add(outcome(id))
    const flushed = b.flush()
    await vi.advanceTimersByTimeAsync(50)
    await flushed
    expect(told).toEqual([
      'written 1,2,3 (3)',
      'settled 1,2,3',
      'written 4,5,6 (3)',
      'settled 4,5,6',
      'written 7 (1)',
      'settled 7',
    ])
    expect(mostAtOnce()).toBe(1)
  })

  it('holds each ended send as unwritten until its batch is written, and counts what it wrote', async () => {
    const { batcher: b } = batcher()
    b.add(outcome(1))
    b.add(outcome(2))
    expect([...b.unwritten().keys()]).toEqual([1, 2])
    expect(b.unwritten().get(1)).toEqual({ leaseMs: 1_000_000, subscriptionId: 'sub' })
    await vi.advanceTimersByTimeAsync(30)
    expect(b.unwritten().size).toBe(0)
    expect(b.stats()).toMatchObject({ outcomeBatches: 1, outcomes: 2 })
  })

  it('forgets an outcome given up on, but keeps a later send of the same delivery under a new lease', async () => {
    const seenAtSettle: Array<number | undefined> = []
    const b = createOutcomeBatcher(
      { flushSize: 10, flushMs: 20, attempts: 1, backoff: { first: 200 } },
      {
        write: async () => {
          throw new Error('database away')
        },
        written: () => {},
        settled: () => seenAtSettle.push(b.unwritten().get(8)?.leaseMs),
        failed: () => {},
      },
    )
    b.add(outcome(8, 1_000))
    const first = b.flush()
    // The lease lapsed; another claim sent delivery 8 again, and its outcome waits.
    b.add(outcome(8, 2_000))
    await first
    expect(seenAtSettle).toEqual([2_000])
    await vi.advanceTimersByTimeAsync(30)
    expect(b.unwritten().size).toBe(0)
    expect(b.stats().outcomeBatches).toBe(0)
  })
})
