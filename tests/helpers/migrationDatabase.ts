import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type { MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { inject } from 'vitest'

import { migrations } from '../../migrations'
import { dropDatabase } from '../../scripts/lib/embeddedPostgres'
import { testConfig } from './testConfig'

/** The place of the committed migration whose name ends with `suffix` (-1 when none does). */
export const migrationIndex = (suffix: string) =>
  migrations.findIndex((migration) => migration.name.endsWith(suffix))

/**
 * What the migrations read of Payload: the default locale (`en` unless given), the app's
 * configuration.
 */
export const migrationPayload = (defaultLocale = 'en') => ({
  config: { localization: { defaultLocale }, custom: { app: testConfig() } },
})

/**
 * A database of a migration test's own (`<template>_<name>_<pid>`), empty until `migrate`, as
 * an operator's database is before it is upgraded: `migrate(upTo, from)` runs the committed
 * migrations from `from` to before `upTo`, handing them `payload` as what they read of Payload;
 * `drop()` ends the pool and drops the database.
 */
export async function migrationDatabase(name: string, payload: unknown) {
  const database = `${inject('templateDatabase')}_${name}_${process.pid}`
  const admin = new pg.Client({ connectionString: inject('adminUrl') })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${database}"`)
  await admin.end()
  const pool = new pg.Pool({
    connectionString: inject('serverUrlTemplate').replace('__database__', database),
    max: 4,
  })
  // `pool.end()` resolves before its connections have closed, and the drop that follows
  // (`WITH (FORCE)`) may end one still closing: its error, with nothing listening, failed the
  // whole run (CI at 1973404). Such an error ends quietly.
  pool.on('error', () => {})
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  const migrate = async (upTo: number, from = 0) => {
    const db = drizzle(pool)
    for (const migration of migrations.slice(from, upTo)) {
      await migration.up({ db, payload } as unknown as MigrateUpArgs)
    }
  }
  const drop = async () => {
    await pool.end()
    await dropDatabase(inject('adminUrl'), database)
  }
  return { pool, migrate, drop }
}
