import { exponentialDelay, type Backoff } from '@/retry/exponentialBackoff'
import type { FinishedSend, FinishedSends } from './claimDeliveries'
import type { AttemptOutcome } from './sendDelivery'

export type OutcomeBatcherSettings = {
  /** Outcomes are written together once this many wait... */
  flushSize: number
  /** ...or this long after the first of them (ms). */
  flushMs: number
  /** Tries at writing one batch before it is given up on. */
  attempts: number
  /** The waits between those tries. */
  backoff: Backoff
}

/** How the batcher writes, and whom it tells. */
export type OutcomeWriter<Result> = {
  /** Writes a batch in one transaction (`recordOutcomes`); throws when it could not. */
  write: (batch: AttemptOutcome[]) => Promise<Result>
  /** A batch was written. */
  written: (batch: AttemptOutcome[], result: Result) => void
  /** A batch is done with, written or given up on (its claims' leases lapse). */
  settled?: (batch: AttemptOutcome[]) => void
  /** A try failed (`willRetry`), or the last one did. */
  failed: (error: unknown, attempt: number, willRetry: boolean) => void
}

/** What a batcher has written since it started. */
export type OutcomeStats = {
  /** Outcome batches written, outcomes in them, and the time their writes took (ms). */
  outcomeBatches: number
  outcomes: number
  outcomeMs: number
}

/** Gathers the outcomes of sends and writes them in batches, one batch at a time, in order. */
export type OutcomeBatcher = {
  add: (outcome: AttemptOutcome) => void
  /** Writes what waits now; resolves once every batch handed over so far is done with. */
  flush: () => Promise<void>
  /**
   * The sends that have ended and whose outcomes are not written yet (nor given up on): no
   * longer in flight, so the claim does not count them against their endpoints' caps, and an
   * endpoint's next sends start while the outcome batch is written, not after.
   */
  unwritten: () => FinishedSends
  stats: () => OutcomeStats
}

/**
 * Writes outcomes in batches, trying a batch again with back-off while the database is away for
 * a moment (a restart or failover): an outcome not written leaves its delivery `delivering`
 * until the lease lapses, and then it is sent again, so the tries stay well within the lease.
 * Batches are written one after another, never two at once.
 */
export function createOutcomeBatcher<Result>(
  settings: OutcomeBatcherSettings,
  writer: OutcomeWriter<Result>,
): OutcomeBatcher {
  let waiting: AttemptOutcome[] = []
  let timer: NodeJS.Timeout | undefined
  let chain = Promise.resolve()
  const unwritten = new Map<number, FinishedSend>()
  const stats: OutcomeStats = { outcomeBatches: 0, outcomes: 0, outcomeMs: 0 }
  const leaseOf = (outcome: AttemptOutcome) => outcome.leaseExpiresAt.getTime()

  const settle = (batch: AttemptOutcome[]) => {
    for (const outcome of batch) {
      // Unless the delivery was claimed and sent again meanwhile (under a later lease).
      if (unwritten.get(outcome.deliveryId)?.leaseMs === leaseOf(outcome)) {
        unwritten.delete(outcome.deliveryId)
      }
    }
    writer.settled?.(batch)
  }

  const writeWithRetries = async (batch: AttemptOutcome[]) => {
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const started = performance.now()
          let result: Result
          try {
            result = await writer.write(batch)
          } finally {
            stats.outcomeMs += performance.now() - started
          }
          stats.outcomeBatches++
          stats.outcomes += batch.length
          writer.written(batch, result)
          return
        } catch (error) {
          const willRetry = attempt < settings.attempts
          writer.failed(error, attempt, willRetry)
          if (!willRetry) return
          const pause = exponentialDelay(settings.backoff, attempt)
          await new Promise((resolve) => setTimeout(resolve, pause))
        }
      }
    } finally {
      settle(batch)
    }
  }

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const batch = waiting
    waiting = []
    if (batch.length) chain = chain.then(() => writeWithRetries(batch))
    return chain
  }

  return {
    add: (outcome) => {
      unwritten.set(outcome.deliveryId, {
        leaseMs: leaseOf(outcome),
        subscriptionId: outcome.subscriptionId,
      })
      waiting.push(outcome)
      if (waiting.length >= settings.flushSize) void flush()
      else timer ??= setTimeout(flush, settings.flushMs)
    },
    flush,
    unwritten: () => unwritten,
    stats: () => ({ ...stats }),
  }
}
