import type { Payload } from 'payload'

import { configOf, type AppConfig } from '@/config/appConfig'
import { postgres } from '@/db/transaction'
import { observeDeliveryOutcome } from '@/runtime/metrics'
import { nudgeDisableNotifier } from '../operations/startDisableNotifier'
import { deliveriesChannel, outboxChannel } from '../schema/outboxTable'
import { assertWorkable } from '../workerSettings'
import { giveBack } from './claimDeliveries'
import { createClaimCycle, type CycleStats } from './claimCycle'
import { openClaimPool } from './claimPool'
import { ClaimScheduler } from './claimScheduler'
import { deleteExpiredHistory } from './deleteExpiredHistory'
import { createDispatcher, type Dispatcher } from './dispatcher'
import { createHousekeeping } from './housekeeping'
import { idleByDeadline } from './idleByDeadline'
import { startNotificationListener } from './notificationListener'
import {
  createOutcomeBatcher,
  type OutcomeBatcherSettings,
  type OutcomeStats,
} from './outcomeBatcher'
import { recordOutcomes } from './recordOutcomes'
import { recoverLapsedLeases } from './recoverLapsedLeases'
import { sendDelivery } from './sendDelivery'
import { createWakeSignal } from './wakeSignal'

/**
 * What a worker has done since it started: counts, and milliseconds spent in each stage, each
 * kept by the stage that does the work (the cycle, the dispatcher, the outcome batcher).
 */
export type WorkerStats = CycleStats & ReturnType<Dispatcher['stats']> & OutcomeStats

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

/**
 * Outcomes: written together once 400 wait or 50 ms after the first, or at once when the worker
 * holds no delivery and has nothing more to claim (the last of a burst); a batch is tried 6 times,
 * 0.2 s, 0.4 s, ... apart (about 6 s in all, well within a lease). An ended send frees its slot
 * and its endpoint's in this worker at once (its claims count it as no longer in flight); the
 * wait delays what the log shows, and other workers count the send against its endpoint's cap
 * until its outcome is written; batches of about 220 instead of 90 cost the worker and PostgreSQL
 * 5 to 10 % less CPU a delivery (issue 55).
 */
const outcomeBatching: OutcomeBatcherSettings = {
  flushSize: 400,
  flushMs: 50,
  attempts: 6,
  backoff: { first: 200 },
}
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
 * It is made of parts, wired here; each keeps its own state and counters, and hands the next
 * what it needs (a claimed delivery to the dispatcher, an outcome to the batcher):
 * - a listener (`notificationListener.ts`): wakes the loop on NOTIFY, reconnects when the
 *   database drops it; the loop polls meanwhile (which also finds retries and probes coming due);
 * - a wake signal (`wakeSignal.ts`): how the loop sleeps between cycles and is woken;
 * - a scheduler (`claimScheduler.ts`, pure): when to fan out, scan and claim, and for whom;
 * - the cycle (`claimCycle.ts`) runs the fan-out, scan and claim (`claimDeliveries.ts`), which
 *   gives each endpoint no more than its share, counting what waits here as in flight, so a
 *   slow or failing endpoint never holds slots another endpoint could use;
 * - a dispatcher (`dispatcher.ts`): the sends, `concurrency` at a time, with the lease check;
 * - an outcome batcher (`outcomeBatcher.ts`): writes outcomes in batches (`recordOutcomes.ts`,
 *   fenced on the claim they were sent under), with retries, and knows which ended sends are
 *   still unwritten;
 * - housekeeping (`housekeeping.ts`): lapsed leases and retention;
 * - the stop (`idleByDeadline.ts`): sends in flight may finish until a deadline.
 */
export async function startWebhookWorker(
  payload: Payload,
  overrides: Partial<AppConfig['webhooks']> = {},
  /** Outcome batching over the defaults above (a test holds a batch back with a long timer). */
  batching: Partial<OutcomeBatcherSettings> = {},
): Promise<WebhookWorker> {
  const settings = { ...configOf(payload).webhooks, ...overrides }
  assertWorkable(settings)
  const pool = postgres(payload).pool
  const claimPool = openClaimPool(postgres(payload).poolOptions ?? {})
  const logger = payload.logger
  const scheduler = new ClaimScheduler({ concurrency: settings.concurrency, scanEveryMs }, () =>
    performance.now(),
  )
  const wake = createWakeSignal()
  let isStopped = false

  const listener = await startNotificationListener({
    pool,
    channels: [outboxChannel, deliveriesChannel],
    pollMs: settings.pollMs,
    logger,
    notified: (channel) => {
      if (channel === outboxChannel) scheduler.outboxNotified()
      else scheduler.deliveriesNotified()
      wake.nudge()
    },
    listening: () => {
      scheduler.outboxNotified()
      wake.nudge()
    },
  })

  const batchSettings = { ...outcomeBatching, ...batching }
  const outcomes = createOutcomeBatcher(batchSettings, {
    write: (batch) => recordOutcomes(payload, pool, batch, settings),
    written: (batch, { disabled }) => {
      scheduler.outcomesWritten([...new Set(batch.map((outcome) => outcome.subscriptionId))])
      wake.nudge()
      // Their owners' notices are e-mailed by this process's notifier, which never holds the
      // outcome writes up.
      if (disabled > 0) nudgeDisableNotifier()
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
      observeDeliveryOutcome(outcome)
      scheduler.sendFinished(outcome.subscriptionId)
      outcomes.add(outcome)
    },
    ended: () => {
      if (scheduler.sendEnded()) wake.nudge()
    },
    gaveBackLate: (delivery) =>
      logger.warn(
        `Webhook delivery ${delivery.id} waited too long for a free slot to be sent within ` +
          'its lease: given back to the queue',
      ),
    failed: (delivery, err) =>
      logger.error({ msg: `Webhook delivery ${delivery.id} could not be sent`, err }),
  })

  const cycle = createClaimCycle({
    pool,
    claimPool,
    settings,
    scheduler,
    dispatcher,
    unwritten: outcomes.unwritten,
  })

  const housekeeping = createHousekeeping(
    { cleanupIntervalMs: settings.cleanupIntervalMs },
    {
      recover: () => recoverLapsedLeases(pool),
      deleteExpired: () => deleteExpiredHistory(pool, { retentionMs: settings.retentionMs }),
      log: (message) => logger.info(message),
    },
  )

  const loop = async () => {
    while (!isStopped) {
      wake.beginCycle()
      try {
        await cycle.run()
        await housekeeping.recoverWhenDue()
        if (!scheduler.hasMoreNow()) await housekeeping.cleanUpWhenDue()
      } catch (err) {
        if (isStopped) break
        logger.error({ msg: 'Webhook worker cycle failed', err })
      }
      if (!scheduler.hasMoreNow()) {
        // Nothing held and nothing more to claim: the outcomes waiting are the last of a burst,
        // and nothing would join their batch. They are written now, not when its timer runs out.
        if (scheduler.holdsNothing()) void outcomes.flush()
        if ((await wake.sleep(settings.pollMs)) === 'elapsed') scheduler.pollElapsed()
      }
    }
  }
  const running = loop()

  return {
    stop: async ({ deadline }: { deadline?: number } = {}) => {
      isStopped = true
      wake.stop()
      await running
      if (!(await idleByDeadline(dispatcher.idle(), deadline))) {
        logger.warn(
          `Webhook worker stopped with ${dispatcher.pending()} sends still running; ` +
            'their leases lapse and another worker retries them',
        )
      }
      await outcomes.flush()
      await listener.stop()
      await claimPool.end()
    },
    health: () => ({ isRunning: !isStopped, ...listener.health() }),
    stats: () => ({ ...cycle.stats(), ...dispatcher.stats(), ...outcomes.stats() }),
  }
}
