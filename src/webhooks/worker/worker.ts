import PQueue from 'p-queue'
import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import {
  claimDeliveries,
  findDueSubscriptions,
  giveBack,
  type ClaimedDelivery,
} from './claimDeliveries'
import { deleteExpiredHistory } from './deleteExpiredHistory'
import { fanOut } from './fanOut'
import { deliveriesChannel, outboxChannel } from '../schema/outboxTable'
import { nudgeDisableNotifier } from '../operations/startDisableNotifier'
import { recordOutcomes } from './recordOutcomes'
import { recoverLapsedLeases } from './recoverLapsedLeases'
import { sendDelivery, type AttemptOutcome } from './sendDelivery'
import { postgres } from '@/db/transaction'
import { observeDeliveryOutcome } from '@/observability/metrics'
import { assertWorkable, leaseMarginMs } from '../workerSettings'
import { configOf, type AppConfig } from '@/config/appConfig'
import { exponentialDelay, type Backoff } from '@/retry/exponentialBackoff'

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

/** Re-establishing a lost LISTEN connection: 50 to 100 ms at first, doubling, at most 5 s. */
const relistenBackoff: Backoff = { first: 100, max: 5_000, jitter: [0.5, 1] }
/** Tries at writing one batch of outcomes (0.2 s, 0.4 s, ... apart: about 6 s in all). */
const outcomeWriteAttempts = 6
const outcomeWriteBackoff: Backoff = { first: 200 }

/** Outcomes are written together once this many are waiting, or after `flushMs`. */
const flushSize = 200
const flushMs = 20
/** Subscriptions with due deliveries one scan lists at most. */
const scanLimit = 1000
/**
 * While candidates remain, a scan due runs at most this often: new events reach the claim
 * through the fan-out at once; a retry or probe coming due elsewhere waits at most this long.
 */
const scanEveryMs = 1000
/** How often lapsed claims that no claim would take over are looked for (a small index). */
const recoverEveryMs = 10_000

/**
 * Starts a worker on `payload`'s database: it fans out the outbox, claims due deliveries and
 * sends them, returns lapsed claims that no claim takes over to the queue
 * (src/webhooks/worker/recoverLapsedLeases.ts), and deletes history older than the retention
 * period. It claims at most half its concurrency beyond what it can send at once, and the claim
 * itself gives each endpoint no more than its share (src/webhooks/worker/claimDeliveries.ts),
 * counting what waits here as in flight, so a slow or failing endpoint never holds slots another
 * endpoint could use. It wakes on NOTIFY and polls as a fallback (which also finds retries and
 * probes coming due). Any number of workers, in any number of processes, share the queue.
 * Settings that cannot work are refused here, before anything starts.
 */
export async function startWebhookWorker(
  payload: Payload,
  overrides: Partial<AppConfig['webhooks']> = {},
): Promise<WebhookWorker> {
  const settings = { ...configOf(payload).webhooks, ...overrides }
  assertWorkable(settings)
  const pool = postgres(payload).pool
  // Claims run ahead of the sends by half the concurrency, so that slots do not sit idle while
  // the next claim runs; what waits for a slot is never more than an endpoint's share (the
  // claim counts it as in flight).
  const sending = new PQueue({ concurrency: settings.concurrency })
  const capacity = settings.concurrency + Math.floor(settings.concurrency / 2)
  /** Deliveries claimed by this worker and not finished: being sent or waiting for a slot. */
  let held = 0
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
  // Claims come in batches of at least half the slots, so that claiming is a few large queries
  // rather than one per finished send.
  const minBatch = Math.max(1, Math.floor(settings.concurrency / 2))
  const freeSlots = () => capacity - held
  let isOutboxDirty = true
  let isStopped = false
  // Subscriptions to claim for, in turn; a scan refills the list when it runs out and
  // something may have come due (a wake: a NOTIFY, outcomes written, free slots; or a poll).
  const candidates: string[] = []
  let isScanDue = true
  let lastScanAt = 0
  /**
   * Deliveries whose sends have ended and whose outcomes wait to be written: no longer in
   * flight, so the claim does not count them against their endpoints' caps (an endpoint's next
   * sends start while the outcome batch is written, not after).
   */
  const finished = new Map<number, Date>()
  /** Subscriptions a send of which ended since the last claim: they have a slot free now. */
  const freed = new Set<string>()
  /** Adds subscriptions to the end of the candidates, each once. */
  const addCandidates = (ids: string[]) => {
    const listed = new Set(candidates)
    for (const id of ids) if (!listed.has(id)) candidates.push(id)
  }
  let wakeUp: (() => void) | undefined
  let hasPendingWake = false
  const wake = () => {
    isScanDue = true
    nudge()
  }
  /** Wakes the loop without a scan: it has candidates to claim for. */
  const nudge = () => {
    hasPendingWake = true
    wakeUp?.()
  }

  // The LISTEN connection: when the database drops it (a restart, a failover, an operator's
  // pg_terminate_backend), it is re-established with back-off, and the worker polls meanwhile.
  let listener: { client: PoolClient; detach: () => void } | undefined
  let listenerDownSinceMs: number | undefined
  let relistenAttempts = 0
  let relistenTimer: NodeJS.Timeout | undefined
  const onNotification = (message: { channel: string }) => {
    if (message.channel === outboxChannel) isOutboxDirty = true
    wake()
  }
  const listen = async ({ isFirst = false } = {}) => {
    const client = await pool.connect()
    const detach = () => {
      client.removeListener('error', lose)
      client.removeListener('end', lose)
      client.removeListener('notification', onNotification)
    }
    function lose(err?: Error) {
      detach()
      if (listener?.client === client) listener = undefined
      // Passing an error destroys the connection instead of returning it to the pool.
      client.release(err instanceof Error ? err : new Error('LISTEN connection lost'))
      if (isStopped || isFirst) return
      listenerDownSinceMs ??= Date.now()
      payload.logger.warn({
        msg: `Webhook worker lost its LISTEN connection; polling every ${settings.pollMs} ms until it is back`,
        err,
      })
      scheduleRelisten()
    }
    client.on('error', lose)
    client.on('end', lose)
    client.on('notification', onNotification)
    try {
      await client.query(`LISTEN ${outboxChannel}; LISTEN ${deliveriesChannel}`)
    } catch (err) {
      lose(err as Error)
      throw err
    }
    isFirst = false
    listener = { client, detach }
    if (listenerDownSinceMs !== undefined) {
      payload.logger.info(
        `Webhook worker listening again after ${Date.now() - listenerDownSinceMs} ms`,
      )
    }
    listenerDownSinceMs = undefined
    relistenAttempts = 0
    // Whatever was notified while it was away is found by looking now.
    isOutboxDirty = true
    wake()
  }
  const scheduleRelisten = () => {
    if (relistenTimer || isStopped) return
    const delay = exponentialDelay(relistenBackoff, ++relistenAttempts)
    relistenTimer = setTimeout(() => {
      relistenTimer = undefined
      if (isStopped || listener) return
      listen().catch(() => scheduleRelisten())
    }, delay)
  }
  await listen({ isFirst: true })

  let pending: AttemptOutcome[] = []
  let flushTimer: NodeJS.Timeout | undefined
  let flushing = Promise.resolve()
  const flush = () => {
    clearTimeout(flushTimer)
    flushTimer = undefined
    const batch = pending
    pending = []
    if (!batch.length) return flushing
    stats.outcomeBatches++
    stats.outcomes += batch.length
    flushing = flushing.then(() => writeOutcomes(batch))
    return flushing
  }
  /**
   * Writes a batch of outcomes, trying again with back-off when the database is away for a
   * moment (a restart or failover): an outcome not written leaves its delivery `delivering`
   * until the lease lapses, and then it is sent again. Retries stay well within the lease.
   */
  const writeOutcomes = async (batch: AttemptOutcome[]) => {
    try {
      await writeOutcomesWithRetries(batch)
    } finally {
      // Written, or given up on (the lease lapses and another claim takes the delivery over).
      for (const outcome of batch) {
        if (finished.get(outcome.deliveryId) === outcome.leaseExpiresAt) {
          finished.delete(outcome.deliveryId)
        }
      }
    }
  }
  const writeOutcomesWithRetries = async (batch: AttemptOutcome[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const { disabled } = await timed('outcomeMs', () =>
          recordOutcomes(payload, pool, batch, settings),
        )
        // Their subscriptions may have deliveries that could not be claimed before this write:
        // the next of an ordered object, or the backlog behind a probe that succeeded. They take
        // another turn, without a scan (a scan after every batch ran dozens of times a second
        // while one endpoint's backlog drained).
        addCandidates([...new Set(batch.map((outcome) => outcome.subscriptionId))])
        nudge()
        // Their owners' notices are e-mailed by this process's notifier, which never holds
        // this chain of writes up.
        if (disabled > 0) nudgeDisableNotifier()
        return
      } catch (err) {
        if (attempt >= outcomeWriteAttempts) {
          payload.logger.error({ msg: 'Recording webhook outcomes failed', err })
          return
        }
        payload.logger.warn({
          msg: `Recording webhook outcomes failed (attempt ${attempt}); trying again`,
          err: (err as Error).message,
        })
        const pause = exponentialDelay(outcomeWriteBackoff, attempt)
        await new Promise((resolve) => setTimeout(resolve, pause))
      }
    }
  }
  const record = (outcome: AttemptOutcome) => {
    observeDeliveryOutcome(outcome)
    finished.set(outcome.deliveryId, outcome.leaseExpiresAt)
    freed.add(outcome.subscriptionId)
    pending.push(outcome)
    if (pending.length >= flushSize) void flush()
    else flushTimer ??= setTimeout(flush, flushMs)
  }

  const dispatch = (delivery: ClaimedDelivery) => {
    held++
    void sending
      .add(async () => {
        // A worker that is stopping sends nothing more: what waits for a slot goes back.
        if (isStopped) return giveBack(pool, delivery)
        // A claim that waited for a slot so long that its lease could lapse mid-send is given
        // back (due at once, its attempt not counted) rather than risk two workers sending it.
        // Its lease must still cover the send and half the margin: at the shortest lease (the
        // longest send plus the margin) the other half is left for the claim's round trip and
        // the wait. (Demanding the whole margin gave back nearly every such claim, at once.)
        const leaseLeftMs = new Date(delivery.leaseExpiresAt).getTime() - Date.now()
        if (leaseLeftMs < delivery.timeoutSeconds * 1000 + leaseMarginMs / 2) {
          await giveBack(pool, delivery)
          payload.logger.warn(
            `Webhook delivery ${delivery.id} waited ${Math.round(settings.leaseMs - leaseLeftMs)} ms ` +
              'for a free slot, too long to send within its lease: given back to the queue',
          )
          return
        }
        const outcome = await sendDelivery(delivery, settings)
        stats.sends++
        stats.sendMs += outcome.durationMs
        record(outcome)
      })
      .catch((err) =>
        // An attempt that could not even be made is retried when its lease lapses.
        payload.logger.error({ msg: `Webhook delivery ${delivery.id} could not be sent`, err }),
      )
      .finally(() => {
        held--
        // The endpoint has a slot free at once (its outcome is written meanwhile): the loop
        // claims for it, in a batch with whatever else ended while it was busy, as long as
        // enough of this worker's slots are free.
        if (held === 0 || freeSlots() >= minBatch) nudge()
      })
  }

  let nextCleanupAt = Date.now() + Math.min(settings.cleanupIntervalMs, 60_000)
  const cleanUpWhenDue = async () => {
    if (Date.now() < nextCleanupAt) return
    nextCleanupAt = Date.now() + settings.cleanupIntervalMs
    const deleted = await deleteExpiredHistory(pool, { retentionMs: settings.retentionMs })
    if (deleted.events + deleted.deliveries > 0) {
      payload.logger.info(
        `Webhook history: deleted ${deleted.events} events and ${deleted.deliveries} deliveries past retention`,
      )
    }
  }

  let nextRecoveryAt = Date.now()
  const recoverWhenDue = async () => {
    if (Date.now() < nextRecoveryAt) return
    nextRecoveryAt = Date.now() + recoverEveryMs
    const recovered = await recoverLapsedLeases(pool)
    if (recovered > 0) {
      payload.logger.info(
        `Webhook worker: ${recovered} deliveries whose worker stopped before recording an ` +
          'outcome, on inactive or pausing subscriptions, are back in the queue (unsent)',
      )
    }
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

  const loop = async () => {
    while (!isStopped) {
      hasPendingWake = false
      let isBusy = false
      try {
        if (isOutboxDirty) {
          isOutboxDirty = false
          stats.fanOuts++
          const fanned = await timed('fanOutMs', () => fanOut(pool))
          if (fanned.events > 0) isBusy = isOutboxDirty = true
          if (fanned.deliveries > 0) isScanDue = true
          // A small fan-out names its subscriptions: they are claimed for without a scan.
          if (fanned.subscriptionIds) addCandidates(fanned.subscriptionIds)
        }
        if (freed.size) {
          addCandidates([...freed])
          freed.clear()
        }
        if (freeSlots() >= minBatch || held === 0) {
          // Scan when the candidates run out and something may have come due, and every
          // `scanEveryMs` while the worker is busy: an endpoint whose sends keep ending stays a
          // candidate for as long as its backlog lasts, and must not hide other subscriptions'
          // retries and probes, which come due with time, not with a wake.
          const sinceScanMs = performance.now() - lastScanAt
          if ((isScanDue && !candidates.length) || sinceScanMs >= scanEveryMs) {
            isScanDue = false
            lastScanAt = performance.now()
            stats.scans++
            addCandidates(
              await timed('scanMs', () =>
                findDueSubscriptions(pool, {
                  limit: scanLimit,
                  endpointConcurrency: settings.endpointConcurrency,
                  finished,
                }),
              ),
            )
          }
          if (candidates.length) {
            const limit = freeSlots()
            const turn = candidates.splice(0, limit)
            const { deliveries: claimed, mayHaveMore } = await timed('claimMs', () =>
              claimDeliveries(pool, {
                subscriptionIds: turn,
                limit,
                leaseMs: settings.leaseMs,
                endpointConcurrency: settings.endpointConcurrency,
                finished,
              }),
            )
            stats.claims++
            stats.claimed += claimed.length
            for (const delivery of claimed) dispatch(delivery)
            // A subscription that filled its share may have more: it takes another turn later.
            addCandidates(mayHaveMore)
            // Busy also while the outbox has more to fan out (set above): a claim that got
            // nothing must not put the rest of a fan-out to sleep for a poll interval (a
            // healthy endpoint's first delivery waited 1 s behind another's backlog).
            isBusy ||= candidates.length > 0 && freeSlots() >= minBatch
          }
        }
        await recoverWhenDue()
        if (!isBusy) await cleanUpWhenDue()
      } catch (err) {
        if (isStopped) break
        payload.logger.error({ msg: 'Webhook worker cycle failed', err })
      }
      if (!isBusy) {
        await sleep(settings.pollMs)
        // A poll (nothing woke us) looks at the outbox and the due deliveries again, in case a
        // NOTIFY was missed, and finds retries and probes that came due.
        if (!hasPendingWake) isOutboxDirty = isScanDue = true
      }
    }
  }
  const running = loop()

  return {
    stop: async ({ deadline }: { deadline?: number } = {}) => {
      isStopped = true
      clearTimeout(relistenTimer)
      wakeUp?.()
      await running
      const idle = sending.onIdle()
      if (deadline === undefined) await idle
      else {
        let timer: NodeJS.Timeout | undefined
        const lapse = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
        })
        await Promise.race([idle, lapse])
        clearTimeout(timer)
        if (sending.pending > 0) {
          payload.logger.warn(
            `Webhook worker stopped with ${sending.pending} sends still running; ` +
              'their leases lapse and another worker retries them',
          )
        }
      }
      await flush()
      const current = listener
      listener = undefined
      if (current) {
        current.detach()
        // A connection lost during the UNLISTEN is only released; from then on its errors are
        // the pool's. (The listener was left on before: every stop added one to a connection
        // the pool hands out again, and a process that started and stopped workers warned of
        // a listener leak.)
        const ignore = () => {}
        current.client.on('error', ignore)
        const unlistened = await current.client.query('UNLISTEN *').then(
          () => true,
          () => false,
        )
        current.client.removeListener('error', ignore)
        current.client.release(unlistened ? undefined : new Error('UNLISTEN failed'))
      }
    },
    health: () => ({
      isRunning: !isStopped,
      isListening: listener !== undefined,
      ...(listenerDownSinceMs === undefined ? {} : { listenerDownSinceMs }),
    }),
    stats: () => ({ ...stats }),
  }
}
