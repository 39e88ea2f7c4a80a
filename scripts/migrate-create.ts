/**
 * `npm run migrate:create -- <name>`: writes a migration for the difference between the
 * schema of the config and the last committed migration's snapshot. Needs no database.
 */
import { getPayload } from 'payload'

import { loadEnvironment } from './lib/environment'
import { refusePrompts } from './lib/refusePrompts.mjs'

refusePrompts()
loadEnvironment(true)
process.env.PAYLOAD_SECRET ||= 'migration-generation'
const { default: config } = await import('@payload-config')
const payload = await getPayload({ config, disableDBConnect: true, disableOnInit: true })
await payload.db.createMigration({
  migrationName: process.argv[2] ?? 'schema',
  payload,
  skipEmpty: true,
})
process.exit(0)
