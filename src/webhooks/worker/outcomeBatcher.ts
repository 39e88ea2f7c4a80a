import { exponentialDelay, type Backoff } from '@/retry/exponentialBackoff'
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
  settled: (batch: AttemptOutcome[]) => void
  /** A try failed (`willRetry`), or the last one did. */
  failed: (error: unknown, attempt: number, willRetry: boolean) => void
}

/** Gathers the outcomes of sends and writes them in batches, one batch at a time, in order. */
export type OutcomeBatcher = {
  add: (outcome: AttemptOutcome) => void
  /** Writes what waits now; resolves once every batch handed over so far is done with. */
  flush: () => Promise<void>
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

  const writeWithRetries = async (batch: AttemptOutcome[]) => {
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          writer.written(batch, await writer.write(batch))
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
      writer.settled(batch)
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
      waiting.push(outcome)
      if (waiting.length >= settings.flushSize) void flush()
      else timer ??= setTimeout(flush, settings.flushMs)
    },
    flush,
  }
}
