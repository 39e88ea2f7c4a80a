import { realTimers, type Timers } from '@/runtime/timers'

/** How often lapsed claims that no claim would take over are looked for (a small index). */
export const recoverEveryMs = 10_000
/** The first cleanup of a worker runs within this long of its start, whatever the interval. */
export const firstCleanupWithinMs = 60_000

export type Housekeeping = {
  /** Returns lapsed claims on inactive or pausing subscriptions to the queue, every 10 s. */
  recoverWhenDue: () => Promise<void>
  /** Deletes history past the retention period, every `cleanupIntervalMs` (first within 1 min). */
  cleanUpWhenDue: () => Promise<void>
}

/** The chores themselves (`recoverLapsedLeases`, `deleteExpiredHistory`), and what is said of them. */
export type Chores = {
  recover: () => Promise<number>
  deleteExpired: () => Promise<{ events: number; deliveries: number }>
  log: (message: string) => void
}

/**
 * The worker's periodic chores, each run by the loop when it is due (the loop is idle for the
 * cleanup), on `timers`' clock. A chore is due again its interval after it started, whether it
 * succeeded or not: a failing chore is not retried in a tight loop.
 */
export function createHousekeeping(
  { cleanupIntervalMs }: { cleanupIntervalMs: number },
  chores: Chores,
  timers: Timers = realTimers,
): Housekeeping {
  let nextRecoveryAt = timers.now()
  let nextCleanupAt = timers.now() + Math.min(cleanupIntervalMs, firstCleanupWithinMs)
  return {
    recoverWhenDue: async () => {
      if (timers.now() < nextRecoveryAt) return
      nextRecoveryAt = timers.now() + recoverEveryMs
      const recovered = await chores.recover()
      if (recovered > 0) {
        chores.log(
          `Webhook worker: ${recovered} deliveries whose worker stopped before recording an ` +
            'outcome, on inactive or pausing subscriptions, are back in the queue (unsent)',
        )
      }
    },
    cleanUpWhenDue: async () => {
      if (timers.now() < nextCleanupAt) return
      nextCleanupAt = timers.now() + cleanupIntervalMs
      const deleted = await chores.deleteExpired()
      if (deleted.events + deleted.deliveries > 0) {
        chores.log(
          `Webhook history: deleted ${deleted.events} events and ${deleted.deliveries} deliveries past retention`,
        )
      }
    },
  }
}
