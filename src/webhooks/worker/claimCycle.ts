import type { Pool } from 'pg'

import type { AppConfig } from '@/config/appConfig'
import { claimDeliveries, findDueSubscriptions, type FinishedSends } from './claimDeliveries'
import type { ClaimScheduler } from './claimScheduler'
import type { Dispatcher } from './dispatcher'
import { fanOut } from './fanOut'

/** What the cycles have done: statements run, deliveries claimed, and the time each stage took (ms). */
export type CycleStats = {
  /** Fan-out statements run, and their total time. */
  fanOuts: number
  fanOutMs: number
  /** Scans for subscriptions with due deliveries, and their total time. */
  scans: number
  scanMs: number
  /** Claim statements run, deliveries they claimed, and their total time. */
  claims: number
  claimed: number
  claimMs: number
}

/** Subscriptions with due deliveries one scan lists at most. */
const scanLimit = 1000

/**
 * One cycle of the worker's loop: fan out, scan and claim as `scheduler` decides, and hand each
 * claimed delivery to `dispatcher`. The claim counts `unwritten()` (sends ended, outcomes not yet
 * written) as no longer in flight.
 */
export function createClaimCycle({
  pool,
  claimPool,
  settings,
  scheduler,
  dispatcher,
  unwritten,
}: {
  pool: Pool
  /** The claim's own connection (`openClaimPool`). */
  claimPool: Pool
  settings: Pick<AppConfig['webhooks'], 'leaseMs' | 'endpointConcurrency'>
  scheduler: ClaimScheduler
  dispatcher: Pick<Dispatcher, 'dispatch'>
  unwritten: () => FinishedSends
}) {
  const stats: CycleStats = {
    fanOuts: 0,
    fanOutMs: 0,
    scans: 0,
    scanMs: 0,
    claims: 0,
    claimed: 0,
    claimMs: 0,
  }
  /** Runs `work`, adding its time to `stats[key]`. */
  const timed = async <T>(key: 'fanOutMs' | 'scanMs' | 'claimMs', work: () => Promise<T>) => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      stats[key] += performance.now() - started
    }
  }

  const run = async () => {
    scheduler.beginCycle()
    if (scheduler.takeFanOut()) {
      stats.fanOuts++
      scheduler.fannedOut(await timed('fanOutMs', () => fanOut(pool)))
    }
    const plan = scheduler.planClaim()
    if (!plan) return
    if (plan.scan) {
      stats.scans++
      scheduler.scanned(
        await timed('scanMs', () =>
          findDueSubscriptions(pool, {
            limit: scanLimit,
            endpointConcurrency: settings.endpointConcurrency,
            finished: unwritten(),
          }),
        ),
      )
    }
    const turn = scheduler.nextTurn()
    if (!turn) return
    const { deliveries, mayHaveMore } = await timed('claimMs', () =>
      claimDeliveries(claimPool, {
        ...turn,
        leaseMs: settings.leaseMs,
        endpointConcurrency: settings.endpointConcurrency,
        finished: unwritten(),
      }),
    )
    stats.claims++
    stats.claimed += deliveries.length
    for (const delivery of deliveries) {
      scheduler.sendStarted()
      dispatcher.dispatch(delivery)
    }
    scheduler.turnClaimed(mayHaveMore)
  }

  return { run, stats: () => ({ ...stats }) }
}
