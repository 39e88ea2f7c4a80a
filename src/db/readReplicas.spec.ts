import { EventEmitter } from 'node:events'

import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import { integer, pgTable } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'

import { requestContext } from '@/runtime/requestContext'
import { replicaAvailability, routeReadsByRequest } from './readReplicas'

const pages = pgTable('pages', { id: integer('id') })

/**
 * A stand-in for a `pg` pool: records the statements it is sent, connects as told, and emits
 * what a real one emits (`connect`, `error`).
 */
class FakePool extends EventEmitter {
  static made: FakePool[] = []
  readonly statements: string[] = []
  refuses = false
  connects = 0
  ended = false
  constructor(readonly options: { connectionString?: string; options?: string }) {
    super()
    FakePool.made.push(this)
  }
  get name() {
    return this.options.connectionString ?? 'primary'
  }
  connect() {
    this.connects++
    if (this.refuses) return Promise.reject(new Error('connect ECONNREFUSED'))
    const client = Object.assign(new EventEmitter(), { release: () => {} })
    this.emit('connect', client)
    return Promise.resolve(client)
  }
  /** As `pg`'s: through `this.connect`. */
  async query(config: { text: string }) {
    const client = await this.connect()
    client.release()
    this.statements.push(config.text)
    return { rows: [], fields: [], command: 'SELECT', rowCount: 0 }
  }
  end() {
    this.ended = true
    return Promise.resolve()
  }
}

/** Lets the probes' promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function adapterWithReplicas(replicaUrls = ['replica']) {
  FakePool.made = []
  const primaryPool = new FakePool({})
  const primary = drizzle({ client: primaryPool as never })
  const adapter: { drizzle: unknown; primaryDrizzle?: unknown } = {
    drizzle: primary,
    ...{ pg: { Pool: FakePool }, poolOptions: { options: '-c jit=off' }, schema: {} },
  }
  const warnings: unknown[] = []
  const logger = { warn: (line: unknown) => warnings.push(line), info: () => {} }
  let time = 0
  const clock = {
    advance: (ms: number) => {
      time += ms
    },
  }
  routeReadsByRequest({ db: adapter, logger } as unknown as Payload, replicaUrls, {
    now: () => time,
    retryAfterMs: 10_000,
  })
  const replicas = FakePool.made.slice(1)
  const db = () => adapter.drizzle as typeof primary & { $primary: unknown; $replicas: unknown[] }
  /** Where one `select` went: the name of the pool that got it. */
  const readGoesTo = async () => {
    const pools = [primaryPool, ...replicas]
    const before = pools.map((pool) => pool.statements.length)
    await db().select().from(pages)
    const to = pools.filter((pool, index) => pool.statements.length > before[index]!)
    return to.map((pool) => pool.name).join()
  }
  return { adapter, primary, primaryPool, replicas, db, readGoesTo, warnings, clock }
}

const inRequest = <T>(mayReadReplica: boolean | undefined, work: () => T) =>
  requestContext().run({ requestId: 'r', mayReadReplica }, work)

/** An adapter whose replica has been probed and is read. */
async function withReachableReplica() {
  const setup = adapterWithReplicas()
  await inRequest(true, setup.readGoesTo)
  await settle()
  return setup
}

describe('reads routed by the request', () => {
  it("makes the replicas' pools with the adapter's pool options, and connects to none", () => {
    const { replicas, primary, adapter } = adapterWithReplicas(['replica-1', 'replica-2'])
    expect(replicas.map((pool) => pool.options)).toEqual([
      { options: '-c jit=off', connectionString: 'replica-1' },
      { options: '-c jit=off', connectionString: 'replica-2' },
    ])
    expect(replicas.map((pool) => pool.connects)).toEqual([0, 0])
    // Payload's own read-after-write logic reads the primary's handle.
    expect(adapter.primaryDrizzle).toBe(primary)
  })

  it('outside any request, and in a request that may not read a replica, reads go to the primary', async () => {
    const { readGoesTo, replicas } = await withReachableReplica()
    expect(await readGoesTo()).toBe('primary')
    expect(await inRequest(false, readGoesTo)).toBe('primary')
    expect(await inRequest(undefined, readGoesTo)).toBe('primary')
    expect(replicas[0]!.statements).toEqual([])
  })

  it('in a request that may, the first read probes the replica; reads then go to it, writes not', async () => {
    const { readGoesTo, replicas, db } = adapterWithReplicas()
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    expect(replicas[0]!.connects).toBe(1)
    await settle()
    expect(await inRequest(true, readGoesTo)).toBe('replica')
    expect(inRequest(true, () => db().insert(pages).values({ id: 1 }).toSQL().sql)).toContain(
      'insert',
    )
    expect(inRequest(true, () => db().$primary)).toBeDefined()
  })

  it("a method keeps the database chosen when it was taken; the request's awaits keep its context", async () => {
    const { db, readGoesTo, replicas } = await withReachableReplica()
    const select = inRequest(true, () => db().select)
    await select().from(pages)
    expect(replicas[0]!.statements).toHaveLength(1)
    await inRequest(true, async () => {
      await Promise.resolve()
      expect(await readGoesTo()).toBe('replica')
    })
  })

  it('keeps $primary, $replicas and its own identity (Payload compares handles)', () => {
    const { adapter, db, primary } = adapterWithReplicas()
    expect(db().$primary).toBe(primary)
    expect(db().$replicas).toHaveLength(1)
    expect(adapter.drizzle).toBe(adapter.drizzle)
  })

  it('routes a handle the adapter makes again (a reconnect) as well', async () => {
    const { adapter, db, replicas, readGoesTo } = await withReachableReplica()
    const newPool = new FakePool({ connectionString: 'new primary' })
    const newPrimary = drizzle({ client: newPool as never })
    adapter.drizzle = newPrimary
    expect(adapter.primaryDrizzle).toBe(newPrimary)
    expect(db().$primary).toBe(newPrimary)
    await db().select().from(pages)
    expect(newPool.statements).toHaveLength(1)
    expect(await inRequest(true, readGoesTo)).toBe('replica')
    expect(replicas[0]!.ended).toBe(false)
  })

  it("closes the replicas' pools when Payload is destroyed (the adapter clears its handle)", () => {
    const { adapter, replicas } = adapterWithReplicas(['replica-1', 'replica-2'])
    adapter.drizzle = undefined
    expect(replicas.map((pool) => pool.ended)).toEqual([true, true])
    expect(adapter.primaryDrizzle).toBeUndefined()
  })

  it('leaves an adapter without replicas alone', () => {
    const plain = { select: () => 'primary' }
    const adapter = { drizzle: plain }
    routeReadsByRequest({ db: adapter } as unknown as Payload, [])
    expect(adapter.drizzle).toBe(plain)
    expect(Object.getOwnPropertyDescriptor(adapter, 'drizzle')?.get).toBeUndefined()
  })

  it("keeps a replica's lost connections from ending the process, and says so once", async () => {
    const { replicas, warnings } = await withReachableReplica()
    const pool = replicas[0]!
    // An idle connection's loss (emitted on the pool), then one in use (on the client).
    expect(() => pool.emit('error', new Error('terminating connection'))).not.toThrow()
    const client = new EventEmitter()
    pool.emit('connect', client)
    expect(() => client.emit('error', new Error('connection reset'))).not.toThrow()
    expect(warnings).toEqual([
      {
        msg: 'A read replica failed: public reads go to the primary for a while',
        err: 'terminating connection',
      },
    ])
  })

  it('a replica that is down when the process starts costs no read: they go to the primary', async () => {
    const { readGoesTo, replicas, clock } = adapterWithReplicas()
    replicas[0]!.refuses = true
    for (let read = 0; read < 3; read++) expect(await inRequest(true, readGoesTo)).toBe('primary')
    await settle()
    expect(replicas[0]!.connects).toBe(1)
    // Tried again once the pause is over (a probe, the read itself still on the primary).
    clock.advance(10_000)
    replicas[0]!.refuses = false
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    await settle()
    expect(await inRequest(true, readGoesTo)).toBe('replica')
  })

  it('a replica that goes away: reads go to the primary for 10 s, then it is tried again', async () => {
    const { readGoesTo, replicas, clock } = await withReachableReplica()
    const pool = replicas[0]!
    pool.refuses = true
    // The read in flight when it went fails (its connection refused)...
    await expect(inRequest(true, readGoesTo)).rejects.toThrow()
    // ...the next ones read the primary, with no attempt at the replica.
    const connects = pool.connects
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    clock.advance(9_999)
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    expect(pool.connects).toBe(connects)
    // Still down after 10 s: the probe fails, reads stay on the primary 10 s more.
    clock.advance(1)
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    await settle()
    expect(pool.connects).toBe(connects + 1)
    pool.refuses = false
    clock.advance(9_999)
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    clock.advance(1)
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    await settle()
    expect(await inRequest(true, readGoesTo)).toBe('replica')
  })

  it('with two replicas, reads go to the one that is reachable', async () => {
    const { readGoesTo, replicas } = adapterWithReplicas(['replica-1', 'replica-2'])
    replicas[0]!.refuses = true
    expect(await inRequest(true, readGoesTo)).toBe('primary')
    await settle()
    for (let read = 0; read < 10; read++) {
      expect(await inRequest(true, readGoesTo)).toBe('replica-2')
    }
  })
})

describe('replicaAvailability', () => {
  it('probes once at a time; a failure during a probe wins over its success', async () => {
    let finish = () => {}
    let probes = 0
    const availability = replicaAvailability({
      probe: () => {
        probes++
        return new Promise<void>((resolve) => (finish = resolve))
      },
      now: () => 0,
    })
    expect(availability.mayRead()).toBe(false)
    expect(availability.mayRead()).toBe(false)
    expect(probes).toBe(1)
    availability.failed(new Error('lost'))
    finish()
    await settle()
    expect(availability.usable).toBe(false)
  })
})
