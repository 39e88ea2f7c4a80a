/**
 * `npm run migrate` (what `npm start` runs first, in a process of its own) on an empty database,
 * as a newcomer's or an operator's first start runs it: it applies the migrations and does
 * nothing else. Before, its Payload started the e-mail notice loops like any process; a pass that
 * came due while the migrations ran read tables that did not exist yet ('relation
 * "review_notices" does not exist' in the log of a slow start), and a notice sent from it could
 * be cut off by the script's exit.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { migrations } from '../../migrations'
import { dropDatabase } from '../../scripts/lib/embeddedPostgres'
import { runToExit } from '../helpers/processGroups'

const database = `${inject('templateDatabase')}_migrate_script_${process.pid}`
const url = inject('serverUrlTemplate').replace('__database__', database)

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject('adminUrl') })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${database}"`)
  await admin.end()
})

afterAll(async () => {
  await dropDatabase(inject('adminUrl'), database)
})

describe('npm run migrate on an empty database', () => {
  it('applies every migration and runs no notice loop meanwhile', async () => {
    // Every notice loop due every 10 ms (the orders' every 100 ms, their least): any that ran during the migrations would meet them.
    const { code, output } = await runToExit('scripts/migrate.ts', {
      DATABASE_URL: url,
      REVIEW_NOTICE_INTERVAL_SECONDS: '0.01',
      INQUIRY_NOTIFY_INTERVAL_SECONDS: '0.01',
      ORDER_NOTICE_INTERVAL_SECONDS: '0.1',
    })
    expect(output).not.toMatch(/does not exist/)
    expect(output).not.toMatch(/"level":50/)
    expect(code).toBe(0)
    expect(output).toContain(`Migrations applied: ${migrations.length}`)
  })
})
