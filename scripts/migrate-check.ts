/**
 * `npm run migrate:check`: fails when the committed migrations do not produce the schema of the
 * config, i.e. when someone changed a collection and forgot `npm run migrate:create`.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { getPayload } from 'payload'

import { postgres } from '../src/db/transaction'

process.env.PAYLOAD_SECRET ||= 'migration-check'
const { default: config } = await import('@payload-config')
const payload = await getPayload({ config, disableDBConnect: true, disableOnInit: true })
const db = postgres(payload)

const snapshots = (await readdir(db.migrationDir)).filter((file) => file.endsWith('.json')).sort()
const latest = snapshots.at(-1)
if (!latest) {
  console.error(`No migrations in ${db.migrationDir}: run npm run migrate:create`)
  process.exit(1)
}
const { generateDrizzleJson, generateMigration } = db.requireDrizzleKit()
const committed = JSON.parse(await readFile(path.join(db.migrationDir, latest), 'utf8'))
const missing = await generateMigration(committed, await generateDrizzleJson(db.schema))
if (missing.length > 0) {
  console.error(`The schema differs from the migrations (latest: ${latest}). Missing statements:`)
  for (const statement of missing) console.error(`  ${statement}`)
  console.error('Run: npm run migrate:create -- <name>')
  process.exit(1)
}
console.log(`Migrations match the schema (${snapshots.length} migration(s), latest ${latest})`)
process.exit(0)
