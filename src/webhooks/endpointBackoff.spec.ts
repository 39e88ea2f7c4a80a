import { describe, expect, it } from 'vitest'

import {
  backoffDelay,
  interruptPause,
  nextBackoff,
  type BackoffChange,
  type BackoffState,
} from './endpointBackoff'

const settings = { backoffBaseMs: 5000, backoffMaxMs: 3_600_000 }
const now = new Date('2026-01-15T09:30:00Z')
/** No jitter: the planned pause exactly. */
const middle = () => 0.5
const healthy: BackoffState = { level: 0, probeDeliveryId: null, resumeAt: null }
const after = (ms: number) => new Date(now.getTime() + ms)

describe('backoffDelay', () => {
  it('doubles from the base at each level, up to the maximum', () => {
    const pauses = [1, 2, 3, 10, 11, 50].map((level) => backoffDelay(level, settings, middle))
    expect(pauses).toEqual([5000, 10_000, 20_000, 2_560_000, 3_600_000, 3_600_000])
  })

  it('spreads a pause by at most 10 % either way', () => {
    expect(backoffDelay(1, settings, () => 0)).toBe(4500)
    expect(backoffDelay(1, settings, () => 0.999_999)).toBe(5500)
  })
})

describe('nextBackoff', () => {
  const next = (state: BackoffState, results: { deliveryId: number; isSuccess: boolean }[]) =>
    nextBackoff({ state, results, settings, now, random: middle })

  it('leaves a healthy endpoint alone while it succeeds', () => {
    expect(next(healthy, [{ deliveryId: 1, isSuccess: true }])).toBeNull()
    expect(next(healthy, [])).toBeNull()
  })

  it('opens a first pause on the first failure of a healthy endpoint', () => {
    expect(next(healthy, [{ deliveryId: 1, isSuccess: false }])).toEqual({
      level: 1,
      until: after(5000),
      hasOpened: true,
    })
  })

  it('doubles the pause when the probe fails', () => {
    const probing = { level: 3, probeDeliveryId: 7, resumeAt: null }
    expect(next(probing, [{ deliveryId: 7, isSuccess: false }])).toEqual({
      level: 4,
      until: after(40_000),
      hasOpened: false,
    })
  })

  it('counts a burst of sends that were in flight when the pause opened as one failure', () => {
    // Level 1 was opened by the first of them; the others end later and change nothing.
    const pausing = { level: 1, probeDeliveryId: null, resumeAt: null }
    expect(
      next(pausing, [
        { deliveryId: 2, isSuccess: false },
        { deliveryId: 3, isSuccess: false },
      ]),
    ).toBeNull()
  })

  it('closes on any success that ends the batch', () => {
    const probing = { level: 5, probeDeliveryId: 9, resumeAt: null }
    expect(next(probing, [{ deliveryId: 9, isSuccess: true }])).toEqual({
      level: 0,
      until: null,
      hasOpened: false,
    })
    expect(
      next(probing, [
        { deliveryId: 4, isSuccess: false },
        { deliveryId: 5, isSuccess: true },
      ]),
    ).toEqual({ level: 0, until: null, hasOpened: false })
  })

  it('opens afresh when a failure follows a success in the same batch', () => {
    const probing = { level: 5, probeDeliveryId: 9, resumeAt: null }
    expect(
      next(probing, [
        { deliveryId: 9, isSuccess: true },
        { deliveryId: 4, isSuccess: false },
      ]),
    ).toEqual({ level: 1, until: after(5000), hasOpened: true })
  })

  it('disables a continuously failing endpoint after 3 to 7 days with the defaults', () => {
    // The arithmetic of docs/webhooks.md: 100 failed attempts, of which 1 to 10 in the first
    // burst, then one probe per pause.
    const timeToDisable = (firstBurst: number) => {
      let elapsed = 0
      for (let probe = 1; probe <= 100 - firstBurst; probe++) {
        elapsed += backoffDelay(probe, settings, middle)
      }
      return elapsed / 86_400_000
    }
    expect(timeToDisable(10)).toBeCloseTo(3.39, 2)
    expect(timeToDisable(1)).toBeCloseTo(3.77, 2)
    for (const days of [timeToDisable(10) * 0.9, timeToDisable(1) * 1.1]) {
      expect(days).toBeGreaterThan(3)
      expect(days).toBeLessThan(7)
    }
  })
})

/**
 * The subscription row as the worker's SQL keeps it: the back-off state and `backoff_until`.
 * The claim (src/webhooks/worker/claimDeliveries.ts) takes one probe of a pausing endpoint once
 * `until` has passed and holds the endpoint until its lease ends; an outcome applies
 * `nextBackoff`'s change and forgets the probe and the interruption.
 */
type Row = BackoffState & { until: Date | null }
const leaseMs = 60_000

/** `sendAheadOfBackoff`: a person asked for a send now. */
const click = (row: Row, at: Date): Row => ({ ...row, ...interruptPause(row, at) })
/** A worker claims delivery `id` as the probe (only when the pause is over). */
const claimProbe = (row: Row, id: number, at: Date): Row => {
  expect(
    row.until === null || row.until <= at,
    'a probe is claimed only once the pause is over',
  ).toBe(true)
  return { ...row, probeDeliveryId: id, until: new Date(at.getTime() + leaseMs) }
}
/** The outcome of delivery `id` is written. */
const outcome = (row: Row, id: number, isSuccess: boolean, at: Date): Row => {
  const change: BackoffChange = nextBackoff({
    state: row,
    results: [{ deliveryId: id, isSuccess }],
    settings,
    now: at,
    random: middle,
  })
  if (!change) return row
  return { level: change.level, until: change.until, probeDeliveryId: null, resumeAt: null }
}
const at = (ms: number) => new Date(now.getTime() + ms)

describe('sends asked for by a person during an outage (interruptPause)', () => {
  // Before: each test, retry or "Send now" ended the pause and became the probe, and each of its
  // failures raised the level: 43 test clicks in 20 s to a dead receiver took the endpoint to an
  // hour-long pause, and every event waited that hour after the receiver was back.
  it('many clicks failing within one pause cost no level and keep the pause’s end', () => {
    // Level 3: a 20 s pause that ends at +20 s.
    let row: Row = { level: 3, probeDeliveryId: null, resumeAt: null, until: at(20_000) }
    for (let n = 0; n < 50; n++) {
      const t = at(200 * n)
      row = click(row, t)
      row = claimProbe(row, 1000 + n, t)
      row = outcome(row, 1000 + n, false, at(200 * n + 50))
      expect(row).toEqual({ level: 3, probeDeliveryId: null, resumeAt: null, until: at(20_000) })
    }
  })

  it('a pause’s own probe still raises the level by one when it fails, clicks or not', () => {
    let row: Row = { level: 3, probeDeliveryId: null, resumeAt: null, until: at(20_000) }
    row = click(row, at(1000))
    row = outcome(claimProbe(row, 1, at(1000)), 1, false, at(1100))
    row = outcome(claimProbe(row, 2, at(20_000)), 2, false, at(20_100))
    expect(row).toEqual({ level: 4, probeDeliveryId: null, resumeAt: null, until: at(60_100) })
  })

  it('a click whose send fails after the interrupted pause would have ended counts as its probe: one level', () => {
    let row: Row = { level: 3, probeDeliveryId: null, resumeAt: null, until: at(20_000) }
    row = claimProbe(click(row, at(19_000)), 1, at(19_000))
    // The send hangs until its timeout, past the pause's end.
    row = outcome(row, 1, false, at(29_000))
    expect(row.level).toBe(4)
    expect(row.until).toEqual(at(29_000 + 40_000))
  })

  it('a click while the pause’s probe is in flight replaces that probe; its failure counts once', () => {
    let row: Row = { level: 3, probeDeliveryId: null, resumeAt: null, until: at(20_000) }
    row = claimProbe(row, 1, at(20_000))
    row = click(row, at(21_000))
    // The forgotten probe fails: nothing changes, the clicked send goes out at once.
    row = outcome(row, 1, false, at(21_500))
    expect(row.level).toBe(3)
    row = claimProbe(row, 2, at(21_500))
    row = outcome(row, 2, false, at(22_000))
    expect(row).toEqual({ level: 4, probeDeliveryId: null, resumeAt: null, until: at(62_000) })
  })

  it('a click that succeeds closes the back-off', () => {
    let row: Row = { level: 6, probeDeliveryId: null, resumeAt: null, until: at(160_000) }
    row = claimProbe(click(row, at(1000)), 1, at(1000))
    expect(outcome(row, 1, true, at(1100))).toEqual({
      level: 0,
      probeDeliveryId: null,
      resumeAt: null,
      until: null,
    })
  })

  it('a click to a healthy endpoint changes nothing; its failure opens the first pause, as any failure does', () => {
    let row: Row = { level: 0, probeDeliveryId: null, resumeAt: null, until: null }
    row = click(row, at(0))
    expect(row).toEqual({ level: 0, probeDeliveryId: null, resumeAt: null, until: null })
    expect(outcome(row, 1, false, at(100))).toMatchObject({ level: 1, until: at(5100) })
  })

  it('an outage of 20 s with a click every 200 ms reaches the level the outage alone reaches', () => {
    // The scenario, with the default pauses (5 s doubling): a first failure at 0, then
    // the pauses' own probes at 5 s and 15 s fail; clicks in between change nothing.
    let row: Row = { level: 0, probeDeliveryId: null, resumeAt: null, until: null }
    let id = 0
    for (let ms = 0; ms < 20_000; ms += 200) {
      const t = at(ms)
      if (row.until && row.until <= t && row.probeDeliveryId === null) {
        row = outcome(claimProbe(row, ++id, t), id, false, at(ms + 20))
      }
      row = click(row, t)
      if (row.level === 0 || (row.until !== null && row.until <= t)) {
        row = outcome(claimProbe(row, ++id, t), id, false, at(ms + 20))
      }
    }
    expect(row.level).toBe(3)
    // The receiver is back at 20 s: the next probe comes when the outage's own pause ends.
    expect(row.until!.getTime() - at(20_000).getTime()).toBeLessThanOrEqual(20_000)
  })
})
