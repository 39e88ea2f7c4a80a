import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { deleteExpiredHistory } from './deleteExpiredHistory'
import { recoverLapsedLeases } from './recoverLapsedLeases'

/** How often lapsed claims that no claim would take over are looked for (a small index). */
const recoverEveryMs = 10_000

export type Housekeeping = {
  /** Returns lapsed claims on inactive or pausing subscriptions to the queue, every 10 s. */
  recoverWhenDue: () => Promise<void>
  /** Deletes history past the retention period, every `cleanupIntervalMs` (first within 1 min). */
  cleanUpWhenDue: () => Promise<void>
}

/** The worker's periodic chores, each run by the loop when it is due (the loop is idle for the cleanup). */
export function createHousekeeping({
  pool,
  logger,
  retentionMs,
  cleanupIntervalMs,
}: {
  pool: Pool
  logger: Payload['logger']
  retentionMs: number
  cleanupIntervalMs: number
}): Housekeeping {
  let nextRecoveryAt = Date.now()
  let nextCleanupAt = Date.now() + Math.min(cleanupIntervalMs, 60_000)
  return {
    recoverWhenDue: async () => {
      if (Date.now() < nextRecoveryAt) return
      nextRecoveryAt = Date.now() + recoverEveryMs
      const recovered = await recoverLapsedLeases(pool)
      if (recovered > 0) {
        logger.info(
          `Webhook worker: ${recovered} deliveries whose worker stopped before recording an ` +
            'outcome, on inactive or pausing subscriptions, are back in the queue (unsent)',
        )
      }
    },
    cleanUpWhenDue: async () => {
      if (Date.now() < nextCleanupAt) return
      nextCleanupAt = Date.now() + cleanupIntervalMs
      const deleted = await deleteExpiredHistory(pool, { retentionMs })
      if (deleted.events + deleted.deliveries > 0) {
        logger.info(
          `Webhook history: deleted ${deleted.events} events and ${deleted.deliveries} deliveries past retention`,
        )
      }
    },
  }
}
