import { type Payload, createLocalReq } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import * as shop from '../helpers/shop'
import { restJson } from '../helpers/rest'
import { endUnpaidOrder } from '../../src/shop/operations/endUnpaidOrder'
import { orderEndReasons } from '../../src/shop/orderEndReasons'
import { inTransaction } from '../../src/db/transaction'

const store = shop.shopHarness()
let payload: Payload

beforeAll(async () => {
  payload = (
    await store.start({
      // The general rate limit out of the way: what stops a hoarder must be the reservation bound.
      RATE_LIMIT_DEFAULT: '10000/60',
      // The shipped defaults (the test environment raises them for the other files).
      CHECKOUT_MAX_PENDING_ORDERS: '',
      CHECKOUT_MAX_HELD_UNITS: '',
    })
  ).payload
})

function checkout(args: { from: string; email: string; productId: number; quantity?: number }) {
  return restJson('POST', '/api/orders/checkout', {
    headers: { 'x-forwarded-for': args.from },
    body: {
      items: [{ productId: args.productId, quantity: args.quantity ?? 1 }],
      customerEmail: args.email,
      shippingAddress: shop.address,
    },
  })
}

describe('what one client may hold unpaid', () => {
  it('refuses a hoarder from one address before the stock is gone; a buyer elsewhere still buys', async () => {
    const product = await shop.createProduct(payload, { stock: 20 })
    const answers = []
    for (let i = 1; i <= 25; i++) {
      answers.push(
        await checkout({
          from: '198.51.100.10',
          email: `h${i}@example.com`,
          productId: product.id,
        }),
      )
    }
    const placed = answers.filter((answer) => answer.status === 201).length
    expect(placed).toBe(5)
    const refused = answers.find((answer) => answer.status !== 201)!
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/5 unpaid orders/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await shop.stockOf(payload, product.id)).toBe(15)

    const buyer = await checkout({
      from: '203.0.113.5',
      email: 'buyer@example.com',
      productId: product.id,
    })
    expect(buyer.status).toBe(201)
  })

  it('counts by e-mail across addresses too, and frees the bound when an order is paid or ends', async () => {
    const product = await shop.createProduct(payload, { stock: 50 })
    const email = 'one-person@example.com'
    const statuses = []
    for (let i = 1; i <= 6; i++) {
      statuses.push((await checkout({ from: `192.0.2.${i}`, email, productId: product.id })).status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    // One of them expires: that e-mail may hold one more.
    const { docs } = await payload.find({
      collection: 'orders',
      where: { customerEmail: { equals: email }, status: { equals: 'pending' } },
      limit: 1,
    })
    const req = await createLocalReq({}, payload)
    await inTransaction(req, (db) =>
      endUnpaidOrder({
        req,
        db,
        orderId: docs[0]!.id,
        status: 'expired',
        reason: orderEndReasons.sessionExpired,
      }),
    )
    expect((await checkout({ from: '192.0.2.99', email, productId: product.id })).status).toBe(201)
  })

  it('bounds the units too: a cart of more than one client may hold is refused whole', async () => {
    const product = await shop.createProduct(payload, { stock: 500 })
    const answer = await checkout({
      from: '198.51.100.20',
      email: 'bulk@example.com',
      productId: product.id,
      quantity: 100,
    })
    expect(answer.status).toBe(409)
    expect(answer.body.error).toMatch(/100 units/)
    expect(await shop.stockOf(payload, product.id)).toBe(500)
  })

  it('holds under concurrency: ten checkouts at once from one address place five', async () => {
    const product = await shop.createProduct(payload, { stock: 100 })
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        checkout({ from: '198.51.100.30', email: `c${i}@example.com`, productId: product.id }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5)
    expect(await shop.stockOf(payload, product.id)).toBe(95)
  })
})
