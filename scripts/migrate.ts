/**
 * `npm run migrate`: applies the committed migrations (what `npm start` does first). Exits
 * non-zero unless every migration is applied afterwards.
 */

import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'
import { refusePrompts } from './lib/refusePrompts.mjs'
import { startupWatchdog, whileLoading } from './lib/startupWatchdog'

Object.assign(process.env, { NODE_ENV: 'production' })
refusePrompts()
const started = startupWatchdog('npm run migrate')
loadEnvironment(false)
const cluster = await provideDatabase('app')
await provideSecret()
// Payload and the app's modules load in one step with the config (imported statically before
// it, they made the config's import stall in about one start in two: scripts/worker.ts).
const [{ default: config }, { getPayload }, { closePayload }, { postgres }] = await whileLoading(
  'npm run migrate',
  Promise.all([
    import('@payload-config'),
    import('payload'),
    import('../src/db/closePayload'),
    import('../src/db/transaction'),
  ]),
)

// Payload's onInit starts the process's background work (the e-mail notice loops among it),
// which reads tables the migrations are still creating: this process only migrates.
const payload = await getPayload({ config, disableOnInit: true })
started()
try {
  await refuseDevelopmentSchema()
  await payload.db.migrate()
  const { docs } = await payload.find({
    collection: 'payload-migrations',
    limit: 0,
    pagination: false,
  })
  payload.logger.info(`Migrations applied: ${docs.length}`)
} finally {
  await closePayload(payload)
  await cluster?.stop()
}
process.exit(0)

/**
 * A database `npm run dev` set up by schema push (it records a migration of batch -1) cannot
 * take the migrations: they would recreate what exists. Payload would ask "(y/N)" on the
 * terminal and, with no answer, wait forever; this says what to do and exits 1 instead.
 */
async function refuseDevelopmentSchema() {
  // (A static import of @payloadcms/db-postgres here made the import of the config above
  // never settle under tsx; the pool needs none.)
  const pushed = await postgres(payload)
    .pool!.query('SELECT 1 FROM payload_migrations WHERE batch = -1 LIMIT 1')
    .then(
      (result) => result.rows.length > 0,
      () => false, // no migrations table yet: a fresh database
    )
  if (!pushed) return
  console.error(
    [
      'This database was set up by `npm run dev` (a development schema push), so the',
      'committed migrations cannot be applied to it. Give `npm start` (production) a database',
      'of its own, created by the migrations: set DATABASE_URL to an empty database, or leave',
      'it unset for the embedded one (`app`, apart from the development `app_dev`).',
    ].join('\n'),
  )
  await closePayload(payload)
  await cluster?.stop()
  process.exit(1)
}
