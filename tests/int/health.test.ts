import net from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { restJson } from '../helpers/rest'
import { readdir } from 'node:fs/promises'
import { migrationNames } from '../../src/observability/readiness'
import { checkDatabase } from '../../src/observability/operations/checkReadiness'
import { getTestPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload({
    // One request per window: a probe that counted against the rate limit would be refused at
    // once.
    RATE_LIMIT_DEFAULT: '1/600',
    RATE_LIMIT_CREDENTIALS: '1/600',
  })
})

const migrationRows = async () =>
  (await payload.db.drizzle.execute(sql`SELECT name, batch FROM payload_migrations ORDER BY id`))
    .rows as { name: string; batch: number }[]

describe('GET /api/health (liveness)', () => {
  it('answers 200 without rate limit, credentials or a database write', async () => {
    const counters = async () =>
      Number(
        (await payload.db.drizzle.execute(sql`SELECT count(*)::int AS n FROM rate_limits`)).rows[0]!
          .n,
      )
    const before = await counters()
    for (let call = 0; call < 5; call++) {
      const health = await restJson('GET', '/api/health', {
        // A prober's stray credentials are not checked (and not counted as invalid ones).
        headers: call % 2 ? { authorization: 'Bearer not-a-token' } : {},
      })
      expect(health.status).toBe(200)
      expect(health.body).toEqual({ status: 'ok' })
      expect(health.headers.get('ratelimit-limit')).toBeNull()
      expect(health.headers.get('cache-control')).toBe('no-store')
    }
    expect(await counters()).toBe(before)
  })
})

describe('GET /api/health/ready (readiness)', () => {
  // First, before a passing check is remembered: a database that lacks a migration.
  it('is 503 naming the migration missing from the database', async () => {
    const original = await migrationRows()
    const files = migrationNames(await readdir(payload.db.migrationDir))
    expect(files.length).toBeGreaterThan(3)
    const last = files.at(-1)!
    try {
      // As if migrated by `npm run migrate` up to the one before the last, never pushed.
      await payload.db.drizzle.execute(sql`DELETE FROM payload_migrations`)
      for (const name of files.slice(0, -1)) {
        await payload.db.drizzle.execute(
          sql`INSERT INTO payload_migrations (name, batch, updated_at, created_at) VALUES (${name}, 1, now(), now())`,
        )
      }
      const ready = await restJson('GET', '/api/health/ready')
      expect(ready.status).toBe(503)
      expect(ready.body.status).toBe('unavailable')
      expect(ready.body.checks.database.ok).toBe(true)
      expect(ready.body.checks.migrations).toEqual({
        ok: false,
        expected: files.length,
        applied: files.length - 1,
        missing: [last],
        isSchemaPushed: false,
      })

      await payload.db.drizzle.execute(
        sql`INSERT INTO payload_migrations (name, batch, updated_at, created_at) VALUES (${last}, 2, now(), now())`,
      )
      const migrated = await restJson('GET', '/api/health/ready')
      expect(migrated.status).toBe(200)
      expect(migrated.body.checks.migrations).toMatchObject({ ok: true, missing: [] })
    } finally {
      await payload.db.drizzle.execute(sql`DELETE FROM payload_migrations`)
      for (const row of original) {
        await payload.db.drizzle.execute(
          sql`INSERT INTO payload_migrations (name, batch, updated_at, created_at) VALUES (${row.name}, ${row.batch}, now(), now())`,
        )
      }
    }
  })

  it('is 200 on a started app: database, migrations (a pushed schema outside production), worker', async () => {
    for (let call = 0; call < 3; call++) {
      const ready = await restJson('GET', '/api/health/ready')
      expect(ready.status).toBe(200)
      expect(ready.headers.get('ratelimit-limit')).toBeNull()
      expect(ready.body.status).toBe('ok')
      expect(ready.body.checks.database).toMatchObject({ ok: true })
      expect(ready.body.checks.database.latencyMs).toBeGreaterThanOrEqual(0)
      expect(ready.body.checks.migrations.ok).toBe(true)
      // Test processes run no worker of their own: reported, and not a failure.
      expect(ready.body.checks.webhookWorker).toEqual({ ok: true, state: 'disabled' })
    }
  })
})

describe('the database check', () => {
  it('fails when the database refuses connections', async () => {
    // A port nothing listens on: take a free one and give it back.
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, () => {
        const { port } = server.address() as net.AddressInfo
        server.close(() => resolve(port))
      })
    })
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${closed}/none` })
    try {
      expect(await checkDatabase(pool)).toEqual({ ok: false, error: 'ECONNREFUSED' })
    } finally {
      await pool.end()
    }
  })

  it('fails within its timeout when the database does not answer', async () => {
    // Accepts connections and never says a word, like a database host that hangs.
    const sockets: net.Socket[] = []
    const silent = net.createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/none` })
    try {
      expect(await checkDatabase(pool, 300)).toEqual({
        ok: false,
        error: 'no answer within 300 ms',
      })
    } finally {
      for (const socket of sockets) socket.destroy()
      silent.close()
      await pool.end().catch(() => {})
    }
  })
})
