/**
 * `npm run migrate`: applies the committed migrations (what `npm start` does first). Exits
 * non-zero unless every migration is applied afterwards.
 */
import { getPayload } from 'payload'

import { closePayload } from './lib/closePayload'
import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'

Object.assign(process.env, { NODE_ENV: 'production' })
loadEnvironment(false)
const cluster = await provideDatabase('app')
await provideSecret()
const { default: config } = await import('@payload-config')

const payload = await getPayload({ config })
try {
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
