/**
 * `npm run seed`: demo accounts and content. Safe to run again: what exists is left alone.
 * With `--if-empty` it does nothing on a database that already has users.
 */

import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'
import { refusePrompts } from './lib/refusePrompts.mjs'
import { startupWatchdog, whileLoading } from './lib/startupWatchdog'

refusePrompts()
const started = startupWatchdog('npm run seed')
const isProduction = process.env.NODE_ENV === 'production'
loadEnvironment(!isProduction)
const cluster = await provideDatabase(isProduction ? 'app' : 'app_dev')
await provideSecret()
// Payload and the app's modules load in one step with the config (imported statically before
// it, they made the config's import stall in about one start in two: scripts/worker.ts).
const [{ default: config }, { getPayload }, { closePayload }] = await whileLoading(
  'npm run seed',
  Promise.all([import('@payload-config'), import('payload'), import('../src/db/closePayload')]),
)
const { seed } = await import('../seed')

const payload = await getPayload({ config })
started()
try {
  const isEmpty = (await payload.count({ collection: 'users' })).totalDocs === 0
  if (process.argv.includes('--if-empty') && !isEmpty) {
    payload.logger.info('Seed skipped: the database already has users')
  } else {
    await seed(payload)
  }
} finally {
  await closePayload(payload)
  await cluster?.stop()
}
process.exit(0)
