import type { Payload } from 'payload'
import type { PoolClient } from 'pg'

import { configOf } from '@/config/appConfig'
import { postgres } from '@/db/transaction'
import { asSystem } from '@/runtime/systemActor'
import { startPeriodicLoop } from '@/runtime/periodicLoop'

/** A running runner of Payload's jobs queue. */
export type JobRunner = {
  /** Stops polling; resolves once a run under way has finished. */
  stop: () => Promise<void>
  /** When the last run that completed without failing ended (undefined before the first). */
  lastRunAt: () => Date | undefined
}

/** What one look at the queue did. */
export type JobRunOutcome =
  /** Another process held the queue: it runs what is due. */
  | { ran: false }
  /** This process held the queue and ran `jobs` jobs (0: none was due). */
  | { ran: true; jobs: number }

/**
 * The session-level advisory lock every runner of the queue takes before it runs anything
 * (`npm run worker` and every app server, on any machine): at most one process runs jobs at a
 * time. Payload's own claim (read the due jobs, then mark them `processing`) is not atomic on
 * PostgreSQL: four runners at once published 20 due articles 76 times (docs/scheduling.md).
 */
const lockSql = `hashtextextended('payload-jobs:run', 0)`

/** Jobs claimed per batch; a full batch is followed at once by another. */
const batchSize = 50
/** Batches per look at most, so that a stop waits for one batch, not for a backlog. */
const maxBatches = 20
/**
 * A job still marked `processing` this long after its last update, found while this process
 * holds the lock, was left by a runner that died mid-run (Payload never retries those): it is
 * put back in the queue. Far above what a job here takes (a publication: well under a second).
 */
const abandonedAfterSeconds = 60

/**
 * Runs Payload's jobs queue (scheduled publications: the admin panel's "Schedule publish" queues
 * a `schedulePublish` job on the `default` queue; every queue is run) at once and then
 * `pollMs` after each run ends (default `JOBS_POLL_SECONDS`, 5 s), so a publication set for 9:00
 * happens by 9:00 plus the interval, and one that fell due while nothing ran happens at the
 * next start. Only jobs whose `waitUntil` has passed run. Any number of processes may run one:
 * each run holds the queue's advisory lock on a connection of its own, released after the run
 * (a crashed process's lock goes with its connection), so no job runs twice. A failed run (the
 * database away, say) is logged, never thrown, and the next one runs on schedule. The timer does
 * not keep the process alive.
 */
export function startJobRunner(payload: Payload, options: { pollMs?: number } = {}): JobRunner {
  const loop = startPeriodicLoop({
    name: 'Run of the jobs queue',
    intervalMs: options.pollMs ?? configOf(payload).content.jobsPollMs,
    runAtStart: true,
    pass: ({ isStopping }) => runDueJobs(payload, { shouldStop: isStopping }),
    logError: (msg, err) => payload.logger.error({ msg, err }),
  })
  return { stop: loop.stop, lastRunAt: loop.lastSuccessAt }
}

/**
 * One look at the queue: takes the queue's advisory lock without waiting (another process holding
 * it runs what is due) and, holding it, puts back jobs abandoned by a dead runner and runs every
 * due job, in batches, until none is left (or `shouldStop`).
 */
export async function runDueJobs(
  payload: Payload,
  { shouldStop = () => false }: { shouldStop?: () => boolean } = {},
): Promise<JobRunOutcome> {
  const pool = postgres(payload).pool
  if (!pool) throw new Error('The jobs runner needs the PostgreSQL pool')
  const client: PoolClient = await pool.connect()
  let broken: Error | undefined
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(${lockSql}) AS locked`,
    )
    if (!rows[0]?.locked) return { ran: false }
    try {
      await client.query(
        `UPDATE payload_jobs SET processing = false
         WHERE processing AND completed_at IS NULL AND has_error IS NOT TRUE
           AND updated_at < now() - make_interval(secs => $1)`,
        [abandonedAfterSeconds],
      )
      let jobs = 0
      for (let batch = 0; batch < maxBatches && !shouldStop(); batch++) {
        // A scheduled publication is the system's in the audit trail (Payload publishes as
        // the user who scheduled it; the entry of the scheduling names that user).
        const result = await asSystem('scheduled publication', () =>
          payload.jobs.run({ allQueues: true, limit: batchSize }),
        )
        const ran = Object.keys(result.jobStatus ?? {}).length
        jobs += ran
        if (result.noJobsRemaining || ran < batchSize) break
      }
      return { ran: true, jobs }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${lockSql})`)
    }
  } catch (error) {
    // A connection that failed is not handed back to the pool: ending it also ends its lock.
    broken = error instanceof Error ? error : new Error(String(error))
    throw error
  } finally {
    client.release(broken)
  }
}
