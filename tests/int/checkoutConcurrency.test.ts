import { createLocalReq, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { inTransaction } from '../../src/db/transaction'
import { priceCart, reserveStock } from '../../src/shop/operations/stock'
import type { HttpError } from '../../src/http/errors'
import type { FakeStripe } from '../helpers/fakeStripe'
import { restJson } from '../helpers/rest'
import { address, createProduct, stockOf, shopHarness } from '../helpers/shop'

const store = shopHarness()
let payload: Payload
let stripe: FakeStripe

beforeAll(async () => {
  ;({ payload, stripe } = await store.start())
})

describe('concurrent checkouts', () => {
  it('sell a stock of 5 exactly once: 20 simultaneous carts give 5 orders and 15 × 409', async () => {
    const product = await createProduct(payload, { stock: 5 })
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        restJson('POST', '/api/orders/checkout', {
          body: {
            items: [{ productId: product.id, quantity: 1 }],
            customerEmail: `buyer-${index}@example.com`,
            shippingAddress: address,
          },
        }),
      ),
    )
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(409)])
    expect(await stockOf(payload, product.id)).toBe(0)
    const orders = await payload.find({
      collection: 'orders',
      where: { 'items.product': { equals: product.id } },
      limit: 100,
    })
    expect(orders.docs).toHaveLength(5)
    expect(orders.docs.every((order) => order.status === 'pending')).toBe(true)
    expect(stripe.sessionRequests()).toHaveLength(5)
  })

  it('never deadlocks or oversells when carts lock two products in opposite orders', async () => {
    const first = await createProduct(payload, { stock: 6 })
    const second = await createProduct(payload, { stock: 6 })
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => {
        const pair = [
          { productId: first.id, quantity: 1 },
          { productId: second.id, quantity: 1 },
        ]
        return restJson('POST', '/api/orders/checkout', {
          body: {
            items: index % 2 ? pair : pair.reverse(),
            customerEmail: `pair-${index}@example.com`,
            shippingAddress: address,
          },
        })
      }),
    )
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([...Array(6).fill(201), ...Array(4).fill(409)])
    expect(await stockOf(payload, first.id)).toBe(0)
    expect(await stockOf(payload, second.id)).toBe(0)
  })

  it('lets the conditional decrement decide when two carts both saw the last unit', async () => {
    const product = await createProduct(payload, { stock: 1 })
    let arrived = 0
    let release: () => void = () => {}
    const bothPriced = new Promise<void>((resolve) => (release = resolve))
    const attempt = async () =>
      inTransaction(await createLocalReq({}, payload), async (db) => {
        const priced = await priceCart(db, [{ productId: product.id, quantity: 1 }])
        if (++arrived === 2) release()
        await bothPriced
        await reserveStock(db, priced)
        return 'reserved'
      }).catch((error: HttpError) => String(error.status))
    expect((await Promise.all([attempt(), attempt()])).sort()).toEqual(['409', 'reserved'])
    expect(await stockOf(payload, product.id)).toBe(0)
  })

  it('refuses with 409 a cart whose price changed between pricing and the decrement', async () => {
    const product = await createProduct(payload, { price: 10, stock: 3 })
    const outcome = await inTransaction(await createLocalReq({}, payload), async (db) => {
      const priced = await priceCart(db, [{ productId: product.id, quantity: 1 }])
      await payload.update({ collection: 'products', id: product.id, data: { price: 12 } })
      await reserveStock(db, priced)
      return 'reserved'
    }).catch((error: HttpError) => `${error.status} ${error.message}`)
    expect(outcome).toMatch(/^409 The price of .* changed during checkout/)
    expect(await stockOf(payload, product.id)).toBe(3)
  })
})
