import type { Pool } from 'pg'
import { describe, expect, it } from 'vitest'

import { signedInForFile } from '../helpers/identities'
import { insertOrders } from '../helpers/orders'
import { restJson } from '../helpers/rest'
import { createProduct, shopHarness, cartOf } from '../helpers/shop'

// Orders are titled "Order #<id>" in the admin panel (and searchable by it),
// not by the customer's e-mail.

const { payload } = shopHarness({ startInBeforeAll: true })
const admin = signedInForFile(payload, 'admin')

describe('order titles', () => {
  it('titles a placed order "Order #<id>", stored, so that the list finds it by title', async () => {
    const product = await createProduct(payload())
    const placed = await restJson('POST', '/api/orders/checkout', {
      body: cartOf(product.id, 1, 'titled@example.com'),
    })
    expect(placed.status).toBe(201)
    const id = placed.body.orderId as number
    const read = await restJson('GET', `/api/orders/${id}`, { headers: admin() })
    expect(read.body.title).toBe(`Order #${id}`)
    const found = await restJson(
      'GET',
      `/api/orders?where[title][equals]=${encodeURIComponent(`Order #${id}`)}&depth=0`,
      { headers: admin() },
    )
    expect(found.body.docs.map((doc: { id: number }) => doc.id)).toEqual([id])
  })

  it('titles an order written without one when it is read', async () => {
    const pool = (payload().db as unknown as { pool: Pool }).pool
    await insertOrders(pool, [{ status: 'paid', total: '10', createdAt: new Date() }])
    const { rows } = await pool.query<{ id: number }>('SELECT max(id) AS id FROM orders')
    const id = rows[0]!.id
    const read = await restJson('GET', `/api/orders/${id}`, { headers: admin() })
    expect(read.body.title).toBe(`Order #${id}`)
  })

  it('still refuses, over REST, a status a person may not set (400)', async () => {
    const pool = (payload().db as unknown as { pool: Pool }).pool
    await insertOrders(pool, [{ status: 'cancelled', total: '10', createdAt: new Date() }])
    const { rows } = await pool.query<{ id: number }>('SELECT max(id) AS id FROM orders')
    const refused = await restJson('PATCH', `/api/orders/${rows[0]!.id}`, {
      headers: admin(),
      body: { status: 'paid' },
    })
    expect(refused.status).toBe(400)
  })
})
