import type { Payload } from 'payload'
import PQueue from 'p-queue'
import type { PoolClient } from 'pg'

import { claimDeliveries, returnUnsentAttempt, type ClaimedDelivery } from './claimDeliveries'
import { fanOut } from './fanOut'
import { deliveriesChannel, outboxChannel } from '../schema/outboxTable'
import { recordOutcomes } from './recordOutcomes'
import { sendDelivery, type AttemptOutcome } from './sendDelivery'
import { postgres } from '@/db/transaction'
import { workerSettings, type WorkerSettings } from '../workerSettings'

/** A running webhook worker. */
export type WebhookWorker = {
  /** Stops claiming, lets sends in flight finish, writes their outcomes, releases the listener. */
  stop: () => Promise<void>
}

/** Outcomes are written together once this many are waiting, or after `flushMs`. */
const flushSize = 200
const flushMs = 20

/**
 * Starts a worker on `payload`'s database: it fans out the outbox, claims due deliveries
 * (never more than it can send at once) and sends them, with the concurrency capped overall
 * and per endpoint URL. It wakes on NOTIFY and polls as a fallback (which also finds retries
 * coming due). Any number of workers, in any number of processes, share the queue.
 */
export async function startWebhookWorker(
  payload: Payload,
  overrides: Partial<WorkerSettings> = {},
): Promise<WebhookWorker> {
  const settings = { ...workerSettings(), ...overrides }
  const pool = postgres(payload).pool
  const overall = new PQueue({ concurrency: settings.concurrency })
  const perEndpoint = new Map<string, PQueue>()
  let inFlight = 0
  // Claims run ahead of the sends by up to one concurrency's worth, in batches of at least half
  // of one, so that claiming is a few large queries rather than one per finished send.
  const maxClaimed = settings.concurrency * 2
  const minBatch = Math.max(1, Math.floor(settings.concurrency / 2))
  const hasRoomForBatch = () => maxClaimed - inFlight >= minBatch || inFlight === 0
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
      .then(() => recordOutcomes(payload, pool, batch))
      .catch((err) => payload.logger.error({ msg: 'Recording webhook outcomes failed', err }))
    return flushing
  }
  const record = (outcome: AttemptOutcome) => {
    pending.push(outcome)
    if (pending.length >= flushSize) void flush()
    else flushTimer ??= setTimeout(flush, flushMs)
  }

  const endpointQueue = (url: string) => {
    let queue = perEndpoint.get(url)
    if (!queue) {
      queue = new PQueue({ concurrency: settings.endpointConcurrency })
      queue.on('idle', () => perEndpoint.delete(url))
      perEndpoint.set(url, queue)
    }
    return queue
  }

  const dispatch = (delivery: ClaimedDelivery) => {
    inFlight++
    void endpointQueue(delivery.endpointUrl)
      .add(() =>
        overall.add(async () => {
          // A claim that waited so long its lease may lapse mid-send is left for a later claim
          // rather than risk two workers sending it at once; the attempt it counted is returned.
          const margin = delivery.timeoutSeconds * 1000 + 1000
          if (Date.now() + margin > new Date(delivery.leaseExpiresAt).getTime()) {
            await returnUnsentAttempt(pool, delivery)
            return
          }
          record(await sendDelivery(delivery, settings.retrySchedule))
        }),
      )
      .catch((err) => payload.logger.error({ msg: `Webhook delivery ${delivery.id} failed`, err }))
      .finally(() => {
        inFlight--
        if (inFlight === 0 || maxClaimed - inFlight === minBatch) wake()
      })
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
        if (hasRoomForBatch()) {
          const limit = maxClaimed - inFlight
          const claimed = await claimDeliveries(pool, { limit, leaseMs: settings.leaseMs })
          for (const delivery of claimed) dispatch(delivery)
          if (claimed.length === limit) isBusy = true
        }
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
      await overall.onIdle()
      await Promise.all([...perEndpoint.values()].map((queue) => queue.onIdle()))
      await flush()
      listener.removeAllListeners('notification')
      await listener.query('UNLISTEN *').catch(() => {})
      listener.release()
    },
  }
}
