import { EventEmitter } from 'node:events'

import type { Payload } from 'payload'
import { describe, expect, it } from 'vitest'

import { requestContext } from '@/http/requestContext'
import { routeReadsByRequest } from './readReplicas'

/** A stand-in for a drizzle database: its methods use `this`, as drizzle's do. */
class FakeDatabase {
  constructor(readonly name: string) {}
  select() {
    return `select on ${this.name}`
  }
  get query() {
    return { from: this.name }
  }
}

/** What drizzle's `withReplicas(primary, [replica])` returns: a plain object over both. */
function withReplicas(primary: FakeDatabase, replica: FakeDatabase) {
  return {
    ...primary,
    select: () => replica.select(),
    insert: () => `insert on ${primary.name}`,
    $primary: primary,
    $replicas: [replica],
    get query() {
      return replica.query
    },
  }
}

function adapterWithReplica() {
  const primary = new FakeDatabase('primary')
  const adapter: { drizzle: unknown; primaryDrizzle: unknown } = {
    drizzle: withReplicas(primary, new FakeDatabase('replica')),
    primaryDrizzle: primary,
  }
  routeReadsByRequest({ db: adapter } as unknown as Payload)
  return { adapter, db: () => adapter.drizzle as ReturnType<typeof withReplicas> }
}

const inRequest = <T>(mayReadReplica: boolean | undefined, work: () => T) =>
  requestContext().run({ requestId: 'r', mayReadReplica }, work)

describe('reads routed by the request', () => {
  it('outside any request, reads go to the primary', () => {
    const { db } = adapterWithReplica()
    expect(db().select()).toBe('select on primary')
    expect(db().query).toEqual({ from: 'primary' })
  })

  it('in a request that may not read a replica (or says nothing), reads go to the primary', () => {
    const { db } = adapterWithReplica()
    expect(inRequest(false, () => db().select())).toBe('select on primary')
    expect(inRequest(undefined, () => db().select())).toBe('select on primary')
  })

  it('in a request that may, reads go to the replica and writes still to the primary', () => {
    const { db } = adapterWithReplica()
    expect(inRequest(true, () => db().select())).toBe('select on replica')
    expect(inRequest(true, () => db().query)).toEqual({ from: 'replica' })
    expect(inRequest(true, () => db().insert())).toBe('insert on primary')
  })

  it("a method keeps the database chosen when it was taken; the request's awaits keep its context", async () => {
    const { db } = adapterWithReplica()
    const select = inRequest(true, () => db().select)
    expect(select()).toBe('select on replica')
    await inRequest(true, async () => {
      await Promise.resolve()
      expect(db().select()).toBe('select on replica')
    })
  })

  it('keeps $primary, $replicas and its own identity (Payload compares handles)', () => {
    const { adapter, db } = adapterWithReplica()
    expect(db().$primary).toBe(adapter.primaryDrizzle)
    expect(db().$replicas).toHaveLength(1)
    expect(adapter.drizzle).toBe(adapter.drizzle)
  })

  it('routes a handle the adapter makes again (a reconnect) as well', () => {
    const { adapter, db } = adapterWithReplica()
    adapter.drizzle = withReplicas(new FakeDatabase('new primary'), new FakeDatabase('new replica'))
    expect(db().select()).toBe('select on new primary')
    expect(inRequest(true, () => db().select())).toBe('select on new replica')
  })

  it('leaves an adapter without replicas alone', () => {
    const plain = new FakeDatabase('primary')
    const adapter = { drizzle: plain }
    routeReadsByRequest({ db: adapter } as unknown as Payload)
    expect(adapter.drizzle).toBe(plain)
    expect(Object.getOwnPropertyDescriptor(adapter, 'drizzle')?.get).toBeUndefined()
  })

  it("keeps a replica's lost connections from ending the process, and says so", () => {
    const pool = new EventEmitter()
    const warnings: unknown[] = []
    const replica = Object.assign(new FakeDatabase('replica'), { $client: pool })
    const adapter = { drizzle: withReplicas(new FakeDatabase('primary'), replica) }
    const logger = { warn: (line: unknown) => warnings.push(line) }
    routeReadsByRequest({ db: adapter, logger } as unknown as Payload)
    // An idle connection's loss (emitted on the pool), then one in use (on the client).
    expect(() => pool.emit('error', new Error('terminating connection'))).not.toThrow()
    const client = new EventEmitter()
    pool.emit('connect', client)
    expect(() => client.emit('error', new Error('connection reset'))).not.toThrow()
    expect(warnings).toEqual([
      { msg: 'A read replica connection was lost', err: 'terminating connection' },
      { msg: 'A read replica connection was lost', err: 'connection reset' },
    ])
  })
})
