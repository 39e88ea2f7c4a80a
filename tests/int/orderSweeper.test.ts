import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'

import { createLocalReq } from 'payload'
import type Stripe from 'stripe'
import { afterAll, describe, expect, it, vi } from 'vitest'

import type { Order } from '../../src/payload-types'
import { expireStaleOrders, type SweepResult } from '../../src/shop/operations/expireStaleOrders'
import { handleStripeEvent } from '../../src/shop/operations/handleStripeEvent'
import { startOrderSweeper } from '../../src/shop/operations/startOrderSweeper'
import { spawnScript } from '../../scripts/lib/processes'
import { checkoutSessionEvent } from '../helpers/fakeStripe'
import { restJson } from '../helpers/rest'
import { cartOf, createProduct, fakeStripeSettings, shopHarness, stockOf } from '../helpers/shop'
import { compiledScript } from '../helpers/compiledScript'
import { handInConfig } from '../helpers/testConfig'

const { payload, stripe } = shopHarness({
  // The defaults, stated: a pending order is stale 60 + 10 minutes after its creation.
  settings: { CHECKOUT_SESSION_TTL_MINUTES: '60', ORDER_SWEEP_MARGIN_MINUTES: '10' },
})

type PlacedOrder = { id: number; sessionId: string; productId: number }

/**
 * A pending order placed through checkout (2 of a product's 5 units held, a session at the
 * fake), then aged to `ageMinutes`; `withSession: false` forgets its session id, as an order
 * whose process was killed before it recorded the session.
 */
async function placeOrder(
  options: { ageMinutes?: number; withSession?: boolean } = {},
): Promise<PlacedOrder> {
  const { ageMinutes = 71, withSession = true } = options
  const product = await createProduct(payload(), { stock: 5 })
  const response = await restJson('POST', '/api/orders/checkout', {
    body: cartOf(product.id, 2, 'sweep@example.com'),
  })
  expect(response.status).toBe(201)
  const id: number = response.body.orderId
  const sessionId = (await readOrder(id)).stripeSessionId!
  await payload().db.pool.query(
    `UPDATE orders SET created_at = now() - make_interval(mins => $2),
       stripe_session_id = CASE WHEN $3 THEN stripe_session_id END
     WHERE id = $1`,
    [id, ageMinutes, withSession],
  )
  expect(await stockOf(payload(), product.id)).toBe(3)
  return { id, sessionId, productId: product.id }
}

const readOrder = (id: number) =>
  payload().findByID({ collection: 'orders', id, depth: 0 }) as Promise<Order>

/** The business events recorded for an order (no worker runs in tests: all stay in the outbox). */
async function eventsOf(id: number) {
  const { rows } = await payload().db.pool.query<{ type: string; data: Record<string, unknown> }>(
    `SELECT type, data FROM webhook_outbox WHERE type LIKE 'order.%' AND data->>'id' = $1
     ORDER BY occurred_at, type`,
    [String(id)],
  )
  return rows
}

const typesOf = async (id: number) => (await eventsOf(id)).map((event) => event.type)

const sweep = () => expireStaleOrders(payload())

const handled = (result: SweepResult) => [...result.expired, ...result.paid, ...result.deferred]

/** A loopback address nothing listens on: connections to it are refused. */
async function refusedAddress() {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

describe('expireStaleOrders', () => {
  it('expires a stale pending order without a session: stock back, order.updated emitted; fresh orders untouched', async () => {
    const stale = await placeOrder({ withSession: false })
    const fresh = await placeOrder({ ageMinutes: 69, withSession: false })
    const freshWithSession = await placeOrder({ ageMinutes: 69 })

    const result = await sweep()

    expect(result.expired).toContain(stale.id)
    expect(handled(result)).not.toContain(fresh.id)
    expect(handled(result)).not.toContain(freshWithSession.id)
    expect((await readOrder(stale.id)).status).toBe('expired')
    expect((await readOrder(stale.id)).statusReason).toMatch(
      /^Expired: still unpaid \d+ minutes after checkout\. Nothing was charged\.$/,
    )
    expect(await stockOf(payload(), stale.productId)).toBe(5)
    const events = await eventsOf(stale.id)
    expect(events.map((event) => event.type)).toEqual(['order.created', 'order.updated'])
    expect(events[1]!.data).toMatchObject({ id: stale.id, status: 'expired' })

    expect((await readOrder(fresh.id)).status).toBe('pending')
    expect(await stockOf(payload(), fresh.productId)).toBe(3)
    expect(await typesOf(fresh.id)).toEqual(['order.created'])
    expect((await readOrder(freshWithSession.id)).status).toBe('pending')
    expect(stripe().requestsFor(freshWithSession.sessionId)).toEqual([])
  })

  it('expires an open session at Stripe first, then the order', async () => {
    const order = await placeOrder()
    stripe().reset()

    const result = await sweep()

    expect(result.expired).toContain(order.id)
    expect(
      stripe()
        .requestsFor(order.sessionId)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([
      `GET /v1/checkout/sessions/${order.sessionId}`,
      `POST /v1/checkout/sessions/${order.sessionId}/expire`,
    ])
    expect(stripe().sessions.get(order.sessionId)!.status).toBe('expired')
    expect((await readOrder(order.id)).status).toBe('expired')
    expect(await stockOf(payload(), order.productId)).toBe(5)
    expect(await typesOf(order.id)).toEqual(['order.created', 'order.updated'])
  })

  it('expires an order whose session Stripe expired already (its webhook was lost)', async () => {
    const order = await placeOrder()
    stripe().expireSession(order.sessionId)
    stripe().reset()

    const result = await sweep()

    expect(result.expired).toContain(order.id)
    expect(
      stripe()
        .requestsFor(order.sessionId)
        .map((r) => r.method),
    ).toEqual(['GET'])
    expect((await readOrder(order.id)).status).toBe('expired')
    expect(await stockOf(payload(), order.productId)).toBe(5)
    expect(await typesOf(order.id)).toEqual(['order.created', 'order.updated'])
  })

  it('marks the order paid, as the webhook would, when Stripe reports its session paid; the stock stays sold', async () => {
    const order = await placeOrder()
    stripe().completeSession(order.sessionId, 'pi_swept_payment')
    stripe().reset()

    const result = await sweep()

    expect(result.paid).toContain(order.id)
    expect(result.expired).not.toContain(order.id)
    expect(
      stripe()
        .requestsFor(order.sessionId)
        .map((r) => r.method),
    ).toEqual(['GET'])
    const paid = await readOrder(order.id)
    expect(paid).toMatchObject({ status: 'paid', paymentId: 'pi_swept_payment' })
    expect(paid.paid_at).toEqual(expect.any(String))
    expect(await stockOf(payload(), order.productId)).toBe(3)
    const events = await eventsOf(order.id)
    expect(events.map((event) => event.type)).toEqual([
      'order.created',
      'order.paid',
      'order.updated',
    ])
    expect(events.find((event) => event.type === 'order.paid')!.data).toMatchObject({
      id: order.id,
      status: 'paid',
    })
  })

  it('leaves an order pending while its completed session’s payment is still processing', async () => {
    const order = await placeOrder()
    Object.assign(stripe().completeSession(order.sessionId), { payment_status: 'unpaid' })

    const result = await sweep()

    expect(result.deferred).toContain(order.id)
    expect((await readOrder(order.id)).status).toBe('pending')
    expect(await stockOf(payload(), order.productId)).toBe(3)
    expect(await typesOf(order.id)).toEqual(['order.created'])

    // The payment succeeds: the next sweep settles it.
    stripe().sessions.get(order.sessionId)!.payment_status = 'paid'
    expect((await sweep()).paid).toContain(order.id)
    expect((await readOrder(order.id)).status).toBe('paid')
  })

  it('never releases stock while Stripe cannot be reached: the order waits for a later sweep', async () => {
    const withSession = await placeOrder()
    const withoutSession = await placeOrder({ withSession: false })
    const restore = handInConfig(payload(), { STRIPE_API_BASE: await refusedAddress() })
    let result: SweepResult
    try {
      result = await sweep()
    } finally {
      restore()
    }

    expect(result.deferred).toEqual([withSession.id])
    expect(result.expired).toContain(withoutSession.id)
    expect((await readOrder(withSession.id)).status).toBe('pending')
    expect(await stockOf(payload(), withSession.productId)).toBe(3)
    expect(await typesOf(withSession.id)).toEqual(['order.created'])
    expect((await readOrder(withoutSession.id)).status).toBe('expired')

    // Stripe is back: the next sweep asks it, expires the session and the order.
    stripe().reset()
    expect((await sweep()).expired).toContain(withSession.id)
    expect(stripe().sessions.get(withSession.sessionId)!.status).toBe('expired')
    expect((await readOrder(withSession.id)).status).toBe('expired')
    expect(await stockOf(payload(), withSession.productId)).toBe(5)
  })

  it('skips an order the webhook settled meanwhile, without asking Stripe', async () => {
    const order = await placeOrder()
    const session = stripe().completeSession(order.sessionId, 'pi_by_webhook')
    const event = checkoutSessionEvent('checkout.session.completed', session, {
      paymentIntent: 'pi_by_webhook',
    }) as Stripe.Event
    expect(await handleStripeEvent({ req: await createLocalReq({}, payload()), event })).toBe(
      'paid',
    )
    const before = await readOrder(order.id)
    stripe().reset()

    const result = await sweep()

    expect(handled(result)).not.toContain(order.id)
    expect(stripe().requestsFor(order.sessionId)).toEqual([])
    expect((await readOrder(order.id)).updatedAt).toBe(before.updatedAt)
    expect(await typesOf(order.id)).toEqual(['order.created', 'order.paid', 'order.updated'])
  })

  it('is idempotent: a second sweep changes nothing', async () => {
    const orders = [
      await placeOrder(),
      await placeOrder({ withSession: false }),
      await placeOrder({ ageMinutes: 69 }),
    ]
    stripe().completeSession(orders[0]!.sessionId)
    const first = await sweep()
    expect(first.paid).toContain(orders[0]!.id)
    expect(first.expired).toContain(orders[1]!.id)
    const after = await Promise.all(orders.map((order) => readOrder(order.id)))
    const events = await payload().db.pool.query('SELECT count(*)::int AS n FROM webhook_outbox')
    const stock = await Promise.all(orders.map((order) => stockOf(payload(), order.productId)))
    stripe().reset()

    const second = await sweep()

    expect(second).toEqual({ expired: [], paid: [], deferred: [] })
    expect(stripe().requests).toEqual([])
    expect(await Promise.all(orders.map((order) => readOrder(order.id)))).toEqual(after)
    expect(await payload().db.pool.query('SELECT count(*)::int AS n FROM webhook_outbox')).toEqual(
      expect.objectContaining({ rows: events.rows }),
    )
    expect(await Promise.all(orders.map((order) => stockOf(payload(), order.productId)))).toEqual(
      stock,
    )
  })

  it('handles each order exactly once when two sweeps run at the same time', async () => {
    const orders = [
      ...(await Promise.all(Array.from({ length: 6 }, () => placeOrder()))),
      ...(await Promise.all(Array.from({ length: 6 }, () => placeOrder({ withSession: false })))),
    ]
    stripe().reset()

    const [one, two] = await Promise.all([sweep(), sweep()])

    const ids = orders.map((order) => order.id).sort()
    expect([...handled(one), ...handled(two)].sort()).toEqual(ids)
    for (const order of orders) {
      expect((await readOrder(order.id)).status).toBe('expired')
      expect(await stockOf(payload(), order.productId)).toBe(5)
      expect(await typesOf(order.id)).toEqual(['order.created', 'order.updated'])
    }
    for (const order of orders.slice(0, 6)) {
      const expiries = stripe()
        .requestsFor(order.sessionId)
        .filter((r) => r.method === 'POST')
      expect(expiries).toHaveLength(1)
    }
  })

  it('handles each order exactly once when two sweeper processes run at the same time', async () => {
    const orders = [
      ...(await Promise.all(Array.from({ length: 10 }, () => placeOrder()))),
      ...(await Promise.all(Array.from({ length: 10 }, () => placeOrder({ withSession: false })))),
    ]
    stripe().reset()
    // Started one after the other (see startSweepProcess), then let go together.
    const children = [await startSweepProcess(), await startSweepProcess()]
    for (const child of children) child.go()
    const [one, two] = await Promise.all(children.map((child) => child.result))

    const ids = orders.map((order) => order.id).sort()
    expect([...handled(one!), ...handled(two!)].sort()).toEqual(ids)
    for (const order of orders) {
      expect((await readOrder(order.id)).status).toBe('expired')
      expect(await stockOf(payload(), order.productId)).toBe(5)
      expect(await typesOf(order.id)).toEqual(['order.created', 'order.updated'])
    }
    for (const order of orders.slice(0, 10)) {
      const expiries = stripe()
        .requestsFor(order.sessionId)
        .filter((r) => r.method === 'POST')
      expect(expiries).toHaveLength(1)
    }
  }, 300_000)
})

/** Every sweeper process this file started, killed when it ends. */
const sweepProcesses: ChildProcess[] = []
afterAll(() => {
  for (const child of sweepProcesses) if (child.exitCode === null) child.kill('SIGKILL')
})

/**
 * `tests/helpers/sweepOnce.ts` in a process of its own, on this file's database and fake
 * Stripe, once it is ready: `go()` starts its sweep, `result` is what it swept. On Node 20,
 * tsx's off-thread module hooks now and then never answer the import of the Payload config
 * (about 1 start in 12 when two start at once on this machine; the process then waits
 * forever): such a start is abandoned after 45 s and tried again, at most three times.
 */
/** The settings this file's Payload runs with, for a process of its own: the same sweep. */
const sweeperSettings = () => ({
  ...fakeStripeSettings(stripe()),
  CHECKOUT_SESSION_TTL_MINUTES: '60',
  ORDER_SWEEP_MARGIN_MINUTES: '10',
})

async function startSweepProcess() {
  for (let attempt = 1; ; attempt++) {
    const child = spawnScript('tests/helpers/sweepOnce.ts', [], sweeperSettings(), {
      stdio: 'pipe',
      compiled: compiledScript('tests/helpers/sweepOnce.ts'),
    })
    sweepProcesses.push(child)
    let printed = ''
    child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve))
    const isReady = await Promise.race([
      vi
        .waitFor(() => expect(printed).toContain('SWEEPER READY'), { timeout: 45_000 })
        .then(
          () => true,
          () => false,
        ),
      closed.then(() => false),
    ])
    if (!isReady) {
      child.kill('SIGKILL')
      if (attempt < 3) continue
      throw new Error(`sweeper process not ready after ${attempt} starts: ${printed}`)
    }
    const result = closed.then((code) => {
      const line = printed.split('\n').find((l) => l.startsWith('SWEEP RESULT '))
      if (code !== 0 || !line) throw new Error(`sweeper exited with ${code}: ${printed}`)
      return JSON.parse(line.slice('SWEEP RESULT '.length)) as SweepResult
    })
    return { go: () => child.stdin!.write('go\n'), result }
  }
}

describe('startOrderSweeper', () => {
  it('sweeps at start, and stop() waits for the running sweep', async () => {
    const order = await placeOrder({ withSession: false })
    const sweeper = startOrderSweeper(payload(), { intervalMs: 3_600_000 })
    expect(sweeper.lastSweepAt()).toBeUndefined()
    await sweeper.stop()
    expect(sweeper.lastSweepAt()).toBeInstanceOf(Date)
    expect((await readOrder(order.id)).status).toBe('expired')
    expect(await typesOf(order.id)).toEqual(['order.created', 'order.updated'])
  })

  it('sweeps again every interval until stopped', async () => {
    const sweeper = startOrderSweeper(payload(), { intervalMs: 100 })
    try {
      await vi.waitFor(() => expect(sweeper.lastSweepAt()).toBeInstanceOf(Date), {
        timeout: 30_000,
      })
      const order = await placeOrder({ withSession: false })
      await vi.waitFor(async () => expect((await readOrder(order.id)).status).toBe('expired'), {
        timeout: 30_000,
        interval: 50,
      })
    } finally {
      await sweeper.stop()
    }
    const stoppedAt = sweeper.lastSweepAt()
    const order = await placeOrder({ withSession: false })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(sweeper.lastSweepAt()).toBe(stoppedAt)
    expect((await readOrder(order.id)).status).toBe('pending')
    await sweep()
  })
})
