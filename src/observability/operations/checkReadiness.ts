import { readdir } from 'node:fs/promises'

import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { isWorkerInAppEnabled, workerInApp } from '@/webhooks/worker/startWorkerInApp'
import {
  migrationNames,
  migrationsCheck,
  readiness,
  workerCheck,
  type Check,
  type MigrationsCheck,
  type WorkerCheck,
  type WorkerHealth,
} from '../readiness'
import { within } from '../within'
import { configOf } from '@/config/appConfig'

/** How long the database may take to answer `SELECT 1` before the check fails. */
const databaseTimeoutMs = 2_000

/** The database check: it answered, and how fast; or why not. */
export type DatabaseCheck = Check & { latencyMs?: number; error?: string }

/** Why a query failed, without addresses or credentials (the answer is public). */
const reasonOf = (error: unknown) =>
  String((error as { code?: string }).code ?? (error as Error).message ?? error).slice(0, 200)

/** `SELECT 1` on the pool, within `timeoutMs`. */
export async function checkDatabase(
  pool: { query: (text: string) => Promise<unknown> },
  timeoutMs = databaseTimeoutMs,
): Promise<DatabaseCheck> {
  const started = performance.now()
  try {
    await within(timeoutMs, pool.query('SELECT 1'))
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 }
  } catch (error) {
    return { ok: false, error: reasonOf(error) }
  }
}

/** Passed migration checks, per Payload instance: migrations do not go away while it runs. */
const passed = new WeakMap<Payload, MigrationsCheck>()

/** Every migration file in the migration folder recorded in `payload_migrations`. */
export async function checkMigrations(
  payload: Payload,
): Promise<MigrationsCheck & { error?: string }> {
  const cached = passed.get(payload)
  if (cached) return cached
  try {
    const files = migrationNames(await readdir(payload.db.migrationDir))
    const { rows } = await within(
      databaseTimeoutMs,
      postgres(payload).pool.query<{ name: string; batch: number | null }>(
        'SELECT name, batch FROM payload_migrations',
      ),
    )
    const check = migrationsCheck({
      files,
      recorded: rows,
      isProduction: configOf(payload).isProduction,
    })
    if (check.ok) passed.set(payload, check)
    return check
  } catch (error) {
    return {
      ok: false,
      expected: 0,
      applied: 0,
      missing: [],
      isSchemaPushed: false,
      error: reasonOf(error),
    }
  }
}

/** A worker as readiness asks it: `health()` where the worker has it. */
export const reportsHealth = (worker: object) => worker as { health?: () => WorkerHealth }

/** The in-app webhook worker of this web process (src/webhooks/worker/startWorkerInApp.ts). */
export async function checkWorkerInApp(payload: Payload): Promise<WorkerCheck> {
  if (!isWorkerInAppEnabled(payload)) return workerCheck({ isEnabled: false })
  const running = workerInApp()
  if (!running) return workerCheck({ isEnabled: true, worker: 'absent' })
  const worker = await Promise.race([
    running.then(reportsHealth, () => 'absent' as const),
    new Promise<'starting'>((resolve) => setImmediate(() => resolve('starting'))),
  ])
  return workerCheck({ isEnabled: true, worker })
}

/**
 * Readiness of this process: the database answers, the migrations are applied, and the webhook
 * worker runs where it is enabled (`worker`: the in-app one by default). 503 unless all pass.
 */
export async function checkReadiness(
  payload: Payload,
  worker: () => Promise<WorkerCheck> = () => checkWorkerInApp(payload),
) {
  const [database, migrations, webhookWorker] = await Promise.all([
    checkDatabase(postgres(payload).pool),
    checkMigrations(payload),
    worker(),
  ])
  return readiness({ database, migrations, webhookWorker })
}
