import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { claimDeliveries, type ClaimedDelivery } from './claimDeliveries'
import { deleteExpiredHistory } from './deleteExpiredHistory'
import { fanOut } from './fanOut'
import { deliveriesChannel, outboxChannel } from '../schema/outboxTable'
import { recordOutcomes } from './recordOutcomes'
import { sendDelivery, type AttemptOutcome } from './sendDelivery'
import { postgres } from '@/db/transaction'
import { assertWorkable, workerSettings, type WorkerSettings } from '../workerSettings'

/** A running webhook worker. */
export type WebhookWorker = {
  /** Stops claiming, lets sends in flight finish, writes their outcomes, releases the listener. */
  stop: () => Promise<void>
}

/** Outcomes are written together once this many are waiting, or after `flushMs`. */
const flushSize = 200
const flushMs = 20

/**
 * Starts a worker on `payload`'s database: it fans out the outbox, claims due deliveries and
 * sends them, and deletes history older than the retention period. It claims only what it can
 * send at once (its free slots), and the claim itself gives each endpoint no more than its
 * share (src/webhooks/worker/claimDeliveries.ts), so a slow or failing endpoint never holds
 * slots another endpoint could use. It wakes on NOTIFY and polls as a fallback (which also
 * finds retries and probes coming due). Any number of workers, in any number of processes,
 * share the queue. Settings that cannot work are refused here, before anything starts.
 */
export async function startWebhookWorker(
  payload: Payload,
  overrides: Partial<WorkerSettings> = {},
): Promise<WebhookWorker> {
  const settings = { ...workerSettings(), ...overrides }
  assertWorkable(settings)
  const pool = postgres(payload).pool
  let inFlight = 0
  const sends = new Set<Promise<void>>()
  // Claims come in batches of at least a quarter of the slots, so that claiming is a few large
  // queries rather than one per finished send.
  const minBatch = Math.max(1, Math.floor(settings.concurrency / 4))
  const freeSlots = () => settings.concurrency - inFlight
  let isOutboxDirty = true
  let isStopped = false
  let wakeUp: (() => void) | undefined
  let hasPendingWake = false
  const wake = () => {
    hasPendingWake = true
    wakeUp?.()
  }

  const listener: PoolClient = await pool.connect()
  listener.on('notification', (message) => {
    if (message.channel === outboxChannel) isOutboxDirty = true
    wake()
  })
  listener.on('error', (err) => payload.logger.error({ msg: 'Webhook listener failed', err }))
  await listener.query(`LISTEN ${outboxChannel}; LISTEN ${deliveriesChannel}`)

  let pending: AttemptOutcome[] = []
  let flushTimer: NodeJS.Timeout | undefined
  let flushing = Promise.resolve()
  const flush = () => {
    clearTimeout(flushTimer)
    flushTimer = undefined
    const batch = pending
    pending = []
    flushing = flushing
      .then(() => recordOutcomes(payload, pool, batch, settings))
      .catch((err) => payload.logger.error({ msg: 'Recording webhook outcomes failed', err }))
    return flushing
  }
  const record = (outcome: AttemptOutcome) => {
    pending.push(outcome)
    if (pending.length >= flushSize) void flush()
    else flushTimer ??= setTimeout(flush, flushMs)
  }

  const dispatch = (delivery: ClaimedDelivery) => {
    inFlight++
    const send = sendDelivery(delivery, settings.retrySchedule)
      .then(record)
      .catch((err) =>
        // An attempt that could not even be made is retried when its lease lapses.
        payload.logger.error({ msg: `Webhook delivery ${delivery.id} could not be sent`, err }),
      )
      .finally(() => {
        inFlight--
        sends.delete(send)
        if (inFlight === 0 || freeSlots() === minBatch) wake()
      })
    sends.add(send)
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
          const fanned = await fanOut(pool)
          if (fanned.events > 0) isBusy = isOutboxDirty = true
        }
        if (freeSlots() >= minBatch || inFlight === 0) {
          const limit = freeSlots()
          const claimed = await claimDeliveries(pool, {
            limit,
            leaseMs: settings.leaseMs,
            endpointConcurrency: settings.endpointConcurrency,
          })
          for (const delivery of claimed) dispatch(delivery)
          if (claimed.length === limit) isBusy = true
        }
        if (!isBusy) await cleanUpWhenDue()
      } catch (err) {
        if (isStopped) break
        payload.logger.error({ msg: 'Webhook worker cycle failed', err })
      }
      if (!isBusy) {
        await sleep(settings.pollMs)
        // A poll (nothing woke us) looks at the outbox too, in case a NOTIFY was missed.
        if (!hasPendingWake) isOutboxDirty = true
      }
    }
  }
  const running = loop()

  return {
    stop: async () => {
      isStopped = true
      wakeUp?.()
      await running
      await Promise.all([...sends])
      await flush()
      listener.removeAllListeners('notification')
      await listener.query('UNLISTEN *').catch(() => {})
      listener.release()
    },
  }
}
