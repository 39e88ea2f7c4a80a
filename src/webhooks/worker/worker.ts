import type { Payload } from 'payload'

import { configOf, type AppConfig } from '@/config/appConfig'
import { postgres } from '@/db/transaction'
import { observeDeliveryOutcome } from '@/runtime/metrics'
import { nudgeDisableNotifier } from '../operations/startDisableNotifier'
import { deliveriesChannel, outboxChannel } from '../schema/outboxTable'
import { assertWorkable } from '../workerSettings'
import {
  claimDeliveries,
  findDueSubscriptions,
  giveBack,
  type FinishedSend,
} from './claimDeliveries'
import { ClaimScheduler } from './claimScheduler'
import { createDispatcher } from './dispatcher'
import { fanOut } from './fanOut'
import { createHousekeeping } from './housekeeping'
import { startNotificationListener } from './notificationListener'
import { createOutcomeBatcher } from './outcomeBatcher'
import { recordOutcomes } from './recordOutcomes'
import { sendDelivery } from './sendDelivery'

/** What a worker has done since it started: counts, and milliseconds spent in each stage. */
export type WorkerStats = {
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
  /** Sends finished, and their total time (from the request to the response's end). */
  sends: number
  sendMs: number
  /** Outcome batches written, outcomes in them, and their total time. */
  outcomeBatches: number
  outcomes: number
  outcomeMs: number
}

/** Whether a worker runs and hears NOTIFY (for readiness checks). */
export type WorkerHealth = {
  isRunning: boolean
  /** False while its LISTEN connection is lost and being re-established (it polls meanwhile). */
  isListening: boolean
  /** Since when it has been without its LISTEN connection, in epoch milliseconds. */
  listenerDownSinceMs?: number
}

/** A running webhook worker. */
export type WebhookWorker = {
  /**
   * Stops claiming; claims still waiting for a slot are given back at once; sends in flight
   * may finish until `deadline` (epoch ms; none: as long as they take). A send still running
   * then is left to its lease, which lapses and lets another worker retry it (at least once).
   * Writes the outcomes it has and releases the listener.
   */
  stop: (options?: { deadline?: number }) => Promise<void>
  /** A copy of what it has done so far (for profiling and metrics). */
  stats: () => WorkerStats
  health: () => WorkerHealth
}

/** Outcomes: written together once 200 wait or 20 ms after the first; a batch is tried 6 times,
 * 0.2 s, 0.4 s, ... apart (about 6 s in all, well within a lease). */
const outcomeBatching = { flushSize: 200, flushMs: 20, attempts: 6, backoff: { first: 200 } }
/** Subscriptions with due deliveries one scan lists at most. */
const scanLimit = 1000
/**
 * While candidates remain, a scan runs at least this often: new events reach the claim through
 * the fan-out at once; a retry or probe coming due elsewhere waits at most this long.
 */
const scanEveryMs = 1000

/**
 * Starts a worker on `payload`'s database: it fans out the outbox, claims due deliveries and
 * sends them, returns lapsed claims that no claim takes over to the queue, and deletes history
 * older than the retention period. Any number of workers, in any number of processes, share the
 * queue. Settings that cannot work are refused here, before anything starts.
 *
 * It is made of parts, wired here:
 * - a listener (`notificationListener.ts`): wakes the loop on NOTIFY, reconnects when the
 *   database drops it; the loop polls meanwhile (which also finds retries and probes coming due);
 * - a scheduler (`claimScheduler.ts`, pure): when to fan out, scan and claim, and for whom;
 * - the claim itself (`claimDeliveries.ts`), which gives each endpoint no more than its share,
 *   counting what waits here as in flight, so a slow or failing endpoint never holds slots
 *   another endpoint could use;
 * - a dispatcher (`dispatcher.ts`): the sends, `concurrency` at a time, with the lease check;
 * - an outcome batcher (`outcomeBatcher.ts`): writes outcomes in batches (`recordOutcomes.ts`,
 *   fenced on the claim they were sent under), with retries;
 * - housekeeping (`housekeeping.ts`): lapsed leases and retention.
 */
export async function startWebhookWorker(
  payload: Payload,
  overrides: Partial<AppConfig['webhooks']> = {},
): Promise<WebhookWorker> {
  const settings = { ...configOf(payload).webhooks, ...overrides }
  assertWorkable(settings)
  const pool = postgres(payload).pool
  const logger = payload.logger
  const stats: WorkerStats = {
    fanOuts: 0,
    fanOutMs: 0,
    scans: 0,
    scanMs: 0,
    claims: 0,
    claimed: 0,
    claimMs: 0,
    sends: 0,
    sendMs: 0,
    outcomeBatches: 0,
    outcomes: 0,
    outcomeMs: 0,
  }
  /** Runs `work`, adding its time to `stats[key]`. */
  const timed = async <T>(
    key: 'fanOutMs' | 'scanMs' | 'claimMs' | 'outcomeMs',
    work: () => Promise<T>,
  ) => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      stats[key] += performance.now() - started
    }
  }
  const scheduler = new ClaimScheduler({ concurrency: settings.concurrency, scanEveryMs }, () =>
    performance.now(),
  )
  let isStopped = false

  // The loop sleeps between cycles with nothing to do; a wake ends the sleep at once.
  let wakeUp: (() => void) | undefined
  let hasPendingWake = false
  const nudge = () => {
    hasPendingWake = true
    wakeUp?.()
  }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (hasPendingWake || isStopped) return resolve()
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wakeUp = undefined
        resolve()
      }
      wakeUp = done
    })

  const listener = await startNotificationListener({
    pool,
    channels: [outboxChannel, deliveriesChannel],
    pollMs: settings.pollMs,
    logger,
    notified: (channel) => {
      if (channel === outboxChannel) scheduler.outboxNotified()
      else scheduler.deliveriesNotified()
      nudge()
    },
    listening: () => {
      scheduler.outboxNotified()
      nudge()
    },
  })

  /**
   * Deliveries whose sends have ended and whose outcomes wait to be written: no longer in
   * flight, so the claim does not count them against their endpoints' caps (an endpoint's next
   * sends start while the outcome batch is written, not after).
   */
  const finished = new Map<number, FinishedSend>()
  const outcomes = createOutcomeBatcher(outcomeBatching, {
    write: (batch) => timed('outcomeMs', () => recordOutcomes(payload, pool, batch, settings)),
    written: (batch, { disabled }) => {
      stats.outcomeBatches++
      stats.outcomes += batch.length
      scheduler.outcomesWritten([...new Set(batch.map((outcome) => outcome.subscriptionId))])
      nudge()
      // Their owners' notices are e-mailed by this process's notifier, which never holds the
      // outcome writes up.
      if (disabled > 0) nudgeDisableNotifier()
    },
    settled: (batch) => {
      // Written, or given up on (the lease lapses and another claim takes the delivery over).
      for (const outcome of batch) {
        if (finished.get(outcome.deliveryId)?.leaseMs === outcome.leaseExpiresAt.getTime()) {
          finished.delete(outcome.deliveryId)
        }
      }
    },
    failed: (err, attempt, willRetry) => {
      if (willRetry) {
        logger.warn({
          msg: `Recording webhook outcomes failed (attempt ${attempt}); trying again`,
          err: (err as Error).message,
        })
      } else logger.error({ msg: 'Recording webhook outcomes failed', err })
    },
  })

  const dispatcher = createDispatcher({
    concurrency: settings.concurrency,
    isStopping: () => isStopped,
    send: (delivery) => sendDelivery(delivery, settings),
    giveBack: (delivery) => giveBack(pool, delivery),
    sent: (outcome) => {
      stats.sends++
      stats.sendMs += outcome.durationMs
      observeDeliveryOutcome(outcome)
      finished.set(outcome.deliveryId, {
        leaseMs: outcome.leaseExpiresAt.getTime(),
        subscriptionId: outcome.subscriptionId,
      })
      scheduler.sendFinished(outcome.subscriptionId)
      outcomes.add(outcome)
    },
    ended: () => {
      if (scheduler.sendEnded()) nudge()
    },
    gaveBackLate: (delivery) =>
      logger.warn(
        `Webhook delivery ${delivery.id} waited too long for a free slot to be sent within ` +
          'its lease: given back to the queue',
      ),
    failed: (delivery, err) =>
      logger.error({ msg: `Webhook delivery ${delivery.id} could not be sent`, err }),
  })

  const housekeeping = createHousekeeping({
    pool,
    logger,
    retentionMs: settings.retentionMs,
    cleanupIntervalMs: settings.cleanupIntervalMs,
  })

  /** One cycle: fan out, scan, claim and dispatch, as the scheduler decides. */
  const runCycle = async () => {
    scheduler.beginCycle()
    if (scheduler.takeFanOut()) {
      stats.fanOuts++
      scheduler.fannedOut(await timed('fanOutMs', () => fanOut(pool)))
    }
    const plan = scheduler.planClaim()
    if (plan) {
      if (plan.scan) {
        stats.scans++
        scheduler.scanned(
          await timed('scanMs', () =>
            findDueSubscriptions(pool, {
              limit: scanLimit,
              endpointConcurrency: settings.endpointConcurrency,
              finished,
            }),
          ),
        )
      }
      const turn = scheduler.nextTurn()
      if (turn) {
        const { deliveries, mayHaveMore } = await timed('claimMs', () =>
          claimDeliveries(pool, {
            ...turn,
            leaseMs: settings.leaseMs,
            endpointConcurrency: settings.endpointConcurrency,
            finished,
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
    }
    await housekeeping.recoverWhenDue()
    if (!scheduler.hasMoreNow()) await housekeeping.cleanUpWhenDue()
  }

  const loop = async () => {
    while (!isStopped) {
      hasPendingWake = false
      try {
        await runCycle()
      } catch (err) {
        if (isStopped) break
        logger.error({ msg: 'Webhook worker cycle failed', err })
      }
      if (!scheduler.hasMoreNow()) {
        await sleep(settings.pollMs)
        if (!hasPendingWake) scheduler.pollElapsed()
      }
    }
  }
  const running = loop()

  return {
    stop: async ({ deadline }: { deadline?: number } = {}) => {
      isStopped = true
      wakeUp?.()
      await running
      const idle = dispatcher.idle()
      if (deadline === undefined) await idle
      else {
        let timer: NodeJS.Timeout | undefined
        const lapse = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
        })
        await Promise.race([idle, lapse])
        clearTimeout(timer)
        if (dispatcher.pending() > 0) {
          logger.warn(
            `Webhook worker stopped with ${dispatcher.pending()} sends still running; ` +
              'their leases lapse and another worker retries them',
          )
        }
      }
      await outcomes.flush()
      await listener.stop()
    },
    health: () => ({ isRunning: !isStopped, ...listener.health() }),
    stats: () => ({ ...stats }),
  }
}
