import { describe, expect, it } from 'vitest'

import { migrationNames, migrationsCheck, readiness, workerCheck } from './readiness'

const files = ['20260101_000000_initial', '20260201_000000_articles']
const applied = (batch: number) => files.map((name) => ({ name, batch }))

describe('migrationNames', () => {
  it('lists migrations as Payload reads them: .ts and .js files but the index', () => {
    expect(
      migrationNames(['index.ts', 'b_two.ts', 'a_one.ts', 'a_one.json', 'c_three.js', 'README.md']),
    ).toEqual(['a_one', 'b_two', 'c_three'])
  })
})

describe('migrationsCheck', () => {
  it('passes when every migration file is recorded as applied', () => {
    expect(migrationsCheck({ files, recorded: applied(1), isProduction: true })).toEqual({
      ok: true,
      expected: 2,
      applied: 2,
      missing: [],
      isSchemaPushed: false,
    })
  })

  it('fails naming the migrations not applied', () => {
    const check = migrationsCheck({ files, recorded: applied(1).slice(0, 1), isProduction: true })
    expect(check).toMatchObject({ ok: false, applied: 1, missing: ['20260201_000000_articles'] })
  })

  it('takes a pushed schema (the `dev` row, batch -1) as current outside production only', () => {
    const recorded = [{ name: 'dev', batch: -1 }]
    expect(migrationsCheck({ files, recorded, isProduction: false })).toMatchObject({
      ok: true,
      applied: 0,
      isSchemaPushed: true,
    })
    expect(migrationsCheck({ files, recorded, isProduction: true })).toMatchObject({
      ok: false,
      isSchemaPushed: true,
    })
  })

  it('fails when no migration file is found at all', () => {
    expect(migrationsCheck({ files: [], recorded: [], isProduction: false }).ok).toBe(false)
  })
})

describe('workerCheck', () => {
  it('reports a disabled worker without failing', () => {
    expect(workerCheck({ isEnabled: false })).toEqual({ ok: true, state: 'disabled' })
  })

  it('fails an enabled worker that is missing, starting or stopped', () => {
    expect(workerCheck({ isEnabled: true, worker: 'absent' })).toEqual({
      ok: false,
      state: 'not_started',
    })
    expect(workerCheck({ isEnabled: true, worker: 'starting' })).toEqual({
      ok: false,
      state: 'starting',
    })
    const stopped = { health: () => ({ isRunning: false, isListening: false }) }
    expect(workerCheck({ isEnabled: true, worker: stopped })).toMatchObject({
      ok: false,
      state: 'stopped',
    })
  })

  it('passes a running worker, reporting its listener', () => {
    const reconnecting = {
      health: () => ({ isRunning: true, isListening: false, listenerDownSinceMs: 1500 }),
    }
    expect(workerCheck({ isEnabled: true, worker: reconnecting })).toEqual({
      ok: true,
      state: 'running',
      isListening: false,
      listenerDownSinceMs: 1500,
    })
    // A worker without `health()` (older code) that started is taken as running.
    expect(workerCheck({ isEnabled: true, worker: {} })).toEqual({ ok: true, state: 'running' })
  })
})

describe('readiness', () => {
  it('is ok only when every check is', () => {
    const ok = { ok: true }
    expect(readiness({ database: ok, migrations: ok })).toEqual({
      httpStatus: 200,
      body: { status: 'ok', checks: { database: ok, migrations: ok } },
    })
    expect(readiness({ database: ok, migrations: { ok: false } }).httpStatus).toBe(503)
    expect(readiness({ database: ok, migrations: { ok: false } }).body.status).toBe('unavailable')
  })
})
