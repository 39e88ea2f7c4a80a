import { describe, expect, it } from 'vitest'

import { ClaimScheduler } from './claimScheduler'

/** A scheduler for a worker of `concurrency` slots on a clock the test moves. */
function scheduler(concurrency = 10) {
  let now = 1_000_000
  const scheduler = new ClaimScheduler({ concurrency, scanEveryMs: 1000 }, () => now)
  return { scheduler, advance: (ms: number) => (now += ms) }
}

/** One cycle as the loop runs it, with the scan finding `due`; returns the turn it claims. */
function cycle(scheduler: ClaimScheduler, due: string[] = []) {
  scheduler.beginCycle()
  const fanOut = scheduler.takeFanOut()
  const plan = scheduler.planClaim()
  if (plan?.scan) scheduler.scanned(due)
  const turn = plan ? scheduler.nextTurn() : undefined
  return { fanOut, scan: plan?.scan ?? false, turn, mayClaim: plan !== undefined }
}

describe('ClaimScheduler', () => {
  it('fans out and scans on its first cycle, then claims what the scan found', () => {
    const { scheduler: s } = scheduler()
    const first = cycle(s, ['a', 'b'])
    expect(first).toMatchObject({ fanOut: true, scan: true })
    expect(first.turn).toEqual({ subscriptionIds: ['a', 'b'], limit: 30 })
  })

  it('claims up to twice the concurrency ahead of the sends, and claims again once nothing waits for a slot (a59c40a, 58dde3e, issue 55)', () => {
    const { scheduler: s } = scheduler(10)
    cycle(s)
    for (let claimed = 0; claimed < 30; claimed++) s.sendStarted()
    s.sendFinished('a')
    expect(cycle(s).mayClaim).toBe(false)
    // While deliveries wait for a slot, a send ending is not worth a claim: the loop is woken
    // when the twentieth ends, the last that waited has its slot and twenty are free.
    const wakes = Array.from({ length: 20 }, () => s.sendEnded())
    expect(wakes).toEqual([...Array<boolean>(19).fill(false), true])
    const next = cycle(s)
    expect(next.turn).toEqual({ subscriptionIds: ['a'], limit: 20 })
  })

  it('wakes the loop when its last held delivery ends, whatever the batch size', () => {
    const { scheduler: s } = scheduler(10)
    s.sendStarted()
    expect(s.sendEnded()).toBe(true)
  })

  it('holds nothing once every delivery it claimed has ended (the loop then writes the outcomes waiting)', () => {
    const { scheduler: s } = scheduler(10)
    expect(s.holdsNothing()).toBe(true)
    s.sendStarted()
    s.sendStarted()
    s.sendEnded()
    expect(s.holdsNothing()).toBe(false)
    s.sendEnded()
    expect(s.holdsNothing()).toBe(true)
  })

  it("scans at least once a second while a backlog keeps its endpoint a candidate, so another subscription's retry coming due is found (f706a10)", () => {
    const { scheduler: s, advance } = scheduler()
    expect(cycle(s, ['backlog']).turn?.subscriptionIds).toEqual(['backlog'])
    s.turnClaimed(['backlog'])
    // The backlog's endpoint fills its share on every turn: candidates never run out.
    for (let turn = 0; turn < 9; turn++) {
      advance(100)
      const next = cycle(s, ['backlog', 'retry-due'])
      expect(next.scan).toBe(false)
      expect(next.turn?.subscriptionIds).toEqual(['backlog'])
      s.turnClaimed(['backlog'])
    }
    advance(100)
    const scanned = cycle(s, ['backlog', 'retry-due'])
    expect(scanned.scan).toBe(true)
    expect(scanned.turn?.subscriptionIds).toEqual(['backlog', 'retry-due'])
  })

  it('claims again for subscriptions whose outcomes were written, without a scan (121ee52)', () => {
    const { scheduler: s, advance } = scheduler()
    cycle(s, ['a'])
    advance(10)
    s.outcomesWritten(['a', 'b'])
    const next = cycle(s)
    expect(next.scan).toBe(false)
    expect(next.turn?.subscriptionIds).toEqual(['a', 'b'])
  })

  it("claims for an ended send's endpoint in the next turn, before its outcome is written (121ee52)", () => {
    const { scheduler: s } = scheduler()
    cycle(s, [])
    s.sendStarted()
    s.sendFinished('a')
    s.sendEnded()
    expect(cycle(s).turn?.subscriptionIds).toEqual(['a'])
  })

  it('stays busy while the outbox has more, even when the claim got nothing (e6c9e5d)', () => {
    const { scheduler: s } = scheduler()
    s.beginCycle()
    expect(s.takeFanOut()).toBe(true)
    s.fannedOut({ events: 500, deliveries: 0, subscriptionIds: null })
    s.planClaim()
    s.turnClaimed([])
    expect(s.hasMoreNow()).toBe(true)
    s.beginCycle()
    expect(s.takeFanOut()).toBe(true)
    s.fannedOut({ events: 0, deliveries: 0, subscriptionIds: null })
    expect(s.hasMoreNow()).toBe(false)
    expect(s.takeFanOut()).toBe(false)
  })

  it('claims for the subscriptions a small fan-out names without scanning for them', () => {
    const { scheduler: s, advance } = scheduler()
    cycle(s, [])
    advance(10)
    s.beginCycle()
    s.fannedOut({ events: 0, deliveries: 2, subscriptionIds: ['x', 'y'] })
    const plan = s.planClaim()
    expect(plan).toEqual({ scan: false })
    expect(s.nextTurn()?.subscriptionIds).toEqual(['x', 'y'])
  })

  it('looks at the outbox and the due deliveries again after a poll nothing woke (a missed NOTIFY)', () => {
    const { scheduler: s, advance } = scheduler()
    cycle(s, [])
    advance(10)
    expect(cycle(s)).toMatchObject({ fanOut: false, scan: false })
    s.pollElapsed()
    expect(cycle(s)).toMatchObject({ fanOut: true, scan: true })
  })

  it('scans without fanning out on a NOTIFY about deliveries; fans out and scans on one about the outbox', () => {
    const { scheduler: s, advance } = scheduler()
    cycle(s, [])
    advance(10)
    s.deliveriesNotified()
    expect(cycle(s)).toMatchObject({ fanOut: false, scan: true })
    advance(10)
    s.outboxNotified()
    expect(cycle(s)).toMatchObject({ fanOut: true, scan: true })
  })

  it('names fewer subscriptions once they have shown a backlog: each that filled its share is expected to fill a tenth of the concurrency', () => {
    const { scheduler: s } = scheduler(50)
    const ids = Array.from({ length: 200 }, (_, n) => `s${n}`)
    // A first turn knows nothing of their backlogs: one subscription for each free slot.
    const first = cycle(s, ids).turn!
    expect(first).toEqual({ subscriptionIds: ids.slice(0, 150), limit: 150 })
    // Each took its share of one and may have more; s150 to s199 have not been claimed for yet.
    s.turnClaimed(first.subscriptionIds)
    for (let claimed = 0; claimed < 50; claimed++) s.sendStarted()
    const second = cycle(s).turn!
    // 100 free slots: s150 to s199 were never claimed for (one each), then five each of the
    // first ten with a backlog.
    expect(second).toEqual({
      subscriptionIds: [...ids.slice(150), ...ids.slice(0, 10)],
      limit: 100,
    })
    s.turnClaimed([])
    for (let ended = 0; ended < 25; ended++) s.sendEnded()
    // 125 free slots, and the candidates are the 140 left with a backlog: five each, 25 of them.
    const third = cycle(s).turn!
    expect(third).toEqual({ subscriptionIds: ids.slice(10, 35), limit: 125 })
    s.turnClaimed([])
    for (let ended = 0; ended < 25; ended++) s.sendEnded()
    expect(cycle(s).turn).toEqual({ subscriptionIds: ids.slice(35, 65), limit: 150 })
  })

  it('expects one delivery again of a subscription that took less than its share', () => {
    const { scheduler: s } = scheduler(50)
    const first = cycle(s, ['full', 'short']).turn!
    expect(first.subscriptionIds).toEqual(['full', 'short'])
    s.turnClaimed(['full'])
    for (let claimed = 0; claimed < 50; claimed++) s.sendStarted()
    const others = Array.from({ length: 100 }, (_, n) => `o${n}`)
    s.outcomesWritten(['short', ...others])
    // 100 free slots: five for 'full', one each for 'short' and the next 94.
    expect(cycle(s).turn).toEqual({
      subscriptionIds: ['full', 'short', ...others.slice(0, 94)],
      limit: 100,
    })
  })

  it('keeps each candidate once, in the order it came', () => {
    const { scheduler: s } = scheduler(2)
    cycle(s, [])
    s.outcomesWritten(['a', 'b', 'a', 'c', 'b'])
    expect(cycle(s).turn).toEqual({ subscriptionIds: ['a', 'b', 'c'], limit: 6 })
  })
})
