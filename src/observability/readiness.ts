/** The result of one readiness check: `ok`, and what an operator needs to see why not. */
export type Check = { ok: boolean }

/** Whether the database's schema is the one the code expects. */
export type MigrationsCheck = Check & {
  /** Migration files shipped with the code. */
  expected: number
  /** Of those, how many `payload_migrations` records as applied. */
  applied: number
  /** Names of the files not applied. */
  missing: string[]
  /** Development's schema push has run on this database (Payload's `dev` row, batch -1). */
  isSchemaPushed: boolean
}

/** The names of the migrations in a listing of the migration folder, as Payload reads them. */
export function migrationNames(fileNames: readonly string[]): string[] {
  return fileNames
    .filter((file) => /\.(ts|js)$/.test(file) && !/^index\.(ts|js)$/.test(file))
    .map((file) => file.replace(/\.(ts|js)$/, ''))
    .sort()
}

/**
 * Applied means every migration file is recorded in `payload_migrations` with a batch number.
 * A database that development's schema push keeps (the `dev` row, batch -1) is taken as current
 * outside production, where push makes the schema match the code on every start; in production
 * nothing pushes, so there only the migrations count.
 */
export function migrationsCheck(args: {
  files: readonly string[]
  recorded: readonly { name: string; batch: number | null }[]
  isProduction: boolean
}): MigrationsCheck {
  const applied = new Set(
    args.recorded.filter((row) => Number(row.batch) > 0).map((row) => row.name),
  )
  const missing = args.files.filter((name) => !applied.has(name))
  const isSchemaPushed = args.recorded.some((row) => Number(row.batch) === -1)
  return {
    ok: args.files.length > 0 && (missing.length === 0 || (isSchemaPushed && !args.isProduction)),
    expected: args.files.length,
    applied: args.files.length - missing.length,
    missing,
    isSchemaPushed,
  }
}

/** What a webhook worker says of itself (`WebhookWorker.health()`). */
export type WorkerHealth = {
  isRunning: boolean
  isListening: boolean
  listenerDownSinceMs?: number
}

/** The webhook worker of this process, as readiness reports it. */
export type WorkerCheck = Check & {
  state: 'disabled' | 'not_started' | 'starting' | 'running' | 'stopped'
  /** Whether it hears NOTIFY now (it polls meanwhile); absent when it does not say. */
  isListening?: boolean
  listenerDownSinceMs?: number
}

/**
 * The worker check: a disabled worker (`WEBHOOK_WORKER=off`, tests) is reported and passes; an
 * enabled one passes while it runs. A listener being re-established does not fail it: the
 * worker polls meanwhile, and a database that is down fails the database check.
 */
export function workerCheck(
  args:
    | { isEnabled: false }
    | { isEnabled: true; worker: 'absent' | 'starting' | { health?: () => WorkerHealth } },
): WorkerCheck {
  if (!args.isEnabled) return { ok: true, state: 'disabled' }
  if (args.worker === 'absent') return { ok: false, state: 'not_started' }
  if (args.worker === 'starting') return { ok: false, state: 'starting' }
  const health = args.worker.health?.()
  if (!health) return { ok: true, state: 'running' }
  return {
    ok: health.isRunning,
    state: health.isRunning ? 'running' : 'stopped',
    isListening: health.isListening,
    ...(health.listenerDownSinceMs !== undefined && {
      listenerDownSinceMs: health.listenerDownSinceMs,
    }),
  }
}

/** The readiness answer: 200 when every check passes, else 503 with the checks that failed. */
export function readiness<Checks extends Record<string, Check>>(checks: Checks) {
  const isReady = Object.values(checks).every((check) => check.ok)
  return {
    httpStatus: isReady ? 200 : 503,
    body: { status: isReady ? ('ok' as const) : ('unavailable' as const), checks },
  }
}
