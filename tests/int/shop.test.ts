import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { systemWrite } from '../../src/shop/systemWrite'
import { seedShop, demoProducts } from '../../seed/shop'
import { userWithToken } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { address, createProduct, shopHarness } from '../helpers/shop'

const store = shopHarness()
let payload: Payload

beforeAll(async () => {
  payload = (await store.start()).payload
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Places an order through guest checkout, as `token`'s user when given. */
async function placeOrder(token?: string) {
  const product = await createProduct(payload)
  const response = await restJson('POST', '/api/orders/checkout', {
    headers: token ? bearer(token) : {},
    body: {
      items: [{ productId: product.id, quantity: 1 }],
      customerEmail: 'someone@example.com',
      shippingAddress: address,
    },
  })
  expect(response.status).toBe(201)
  return response.body.orderId as number
}

/** Sets an order's status as the system does (payment confirmation). */
const setStatus = (id: number, status: 'paid' | 'shipped') =>
  payload.update({ collection: 'orders', id, data: { status }, context: systemWrite })

describe('products', () => {
  it('are created and changed by editors and admins, not by customers or anonymous callers', async () => {
    const editor = await userWithToken(payload, 'editor')
    const customer = await userWithToken(payload, 'customer')
    const body = { name: 'Blue Mug (large)', price: 12.5, stock: 3 }

    const created = await restJson('POST', '/api/products', { headers: bearer(editor.token), body })
    expect(created.status).toBe(201)
    expect(created.body.doc).toMatchObject({ ...body, slug: 'blue-mug-large', active: true })

    const refused = await restJson('POST', '/api/products', {
      headers: bearer(customer.token),
      body: { ...body, slug: 'other' },
    })
    expect(refused.status).toBe(403)
    const anonymous = await restJson('PATCH', `/api/products/${created.body.doc.id}`, {
      body: { price: 0 },
    })
    expect(anonymous.status).toBe(403)
  })

  it('refuse a duplicate slug, a negative price, more than four decimals and negative stock', async () => {
    const editor = await userWithToken(payload, 'editor')
    await createProduct(payload, { slug: 'taken' })
    for (const body of [
      { name: 'A', slug: 'taken', price: 1, stock: 1 },
      { name: 'B', price: -1, stock: 1 },
      { name: 'C', price: 1.00001, stock: 1 },
      { name: 'D', price: 1, stock: -1 },
      { name: 'E', price: 1, stock: 1.5 },
      { name: 'F', price: 1_000_000, stock: 1 },
    ]) {
      const response = await restJson('POST', '/api/products', {
        headers: bearer(editor.token),
        body,
      })
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('store the price exactly (numeric), 1.005 included', async () => {
    const product = await createProduct(payload, { price: 1.005 })
    const { rows } = await payload.db.drizzle.execute(
      `SELECT price::text AS price FROM products WHERE id = ${product.id}`,
    )
    expect(rows[0]).toEqual({ price: '1.005' })
  })

  it('show anonymous callers only the active ones', async () => {
    const inactive = await createProduct(payload, { active: false })
    const active = await createProduct(payload)
    const list = await restJson('GET', '/api/products?limit=100&depth=0')
    const ids = list.body.docs.map((doc: { id: number }) => doc.id)
    expect(ids).toContain(active.id)
    expect(ids).not.toContain(inactive.id)
    expect((await restJson('GET', `/api/products/${inactive.id}`)).status).toBe(404)
  })

  it('are seeded once: running the seed again creates nothing', async () => {
    await seedShop(payload)
    const slugs = { slug: { in: demoProducts.map((product) => product.slug) } }
    const first = await payload.count({ collection: 'products', where: slugs })
    expect(first.totalDocs).toBe(demoProducts.length)
    await seedShop(payload)
    expect((await payload.count({ collection: 'products', where: slugs })).totalDocs).toBe(
      demoProducts.length,
    )
  })
})

describe('orders: who reads them', () => {
  it('customers read only their own; admins read all; anonymous callers none', async () => {
    const alice = await userWithToken(payload, 'customer')
    const bob = await userWithToken(payload, 'customer')
    const admin = await userWithToken(payload, 'admin')
    const alicesOrder = await placeOrder(alice.token)
    const bobsOrder = await placeOrder(bob.token)
    const guestOrder = await placeOrder()

    const aliceList = await restJson('GET', '/api/orders?limit=100', {
      headers: bearer(alice.token),
    })
    expect(aliceList.status).toBe(200)
    expect(aliceList.body.docs.map((doc: { id: number }) => doc.id)).toEqual([alicesOrder])
    expect(
      (await restJson('GET', `/api/orders/${bobsOrder}`, { headers: bearer(alice.token) })).status,
    ).toBe(404)
    expect(
      (await restJson('GET', `/api/orders/${alicesOrder}`, { headers: bearer(alice.token) }))
        .status,
    ).toBe(200)

    const adminList = await restJson('GET', '/api/orders?limit=100', {
      headers: bearer(admin.token),
    })
    const adminIds = adminList.body.docs.map((doc: { id: number }) => doc.id)
    expect(adminIds).toEqual(expect.arrayContaining([alicesOrder, bobsOrder, guestOrder]))

    const anonymous = await restJson('GET', '/api/orders')
    expect(anonymous.status).toBe(403)
  })

  it('cannot be created or changed by customers through REST', async () => {
    const alice = await userWithToken(payload, 'customer')
    const order = await placeOrder(alice.token)
    const create = await restJson('POST', '/api/orders', {
      headers: bearer(alice.token),
      body: { customerEmail: 'x@example.com', total: 0, items: [] },
    })
    expect(create.status).toBe(403)
    const patch = await restJson('PATCH', `/api/orders/${order}`, {
      headers: bearer(alice.token),
      body: { status: 'paid' },
    })
    expect(patch.status).toBe(403)
  })
})

describe('orders: admins move them forward only', () => {
  it('paid → shipped → delivered, through REST as in the admin panel', async () => {
    const admin = await userWithToken(payload, 'admin')
    const id = await placeOrder()
    await setStatus(id, 'paid')
    for (const status of ['shipped', 'delivered']) {
      const response = await restJson('PATCH', `/api/orders/${id}`, {
        headers: bearer(admin.token),
        body: { status },
      })
      expect(response.status).toBe(200)
      expect(response.body.doc.status).toBe(status)
    }
  })

  it.each([
    ['pending', 'paid'],
    ['pending', 'shipped'],
    ['paid', 'delivered'],
    ['paid', 'cancelled'],
    ['paid', 'pending'],
    ['shipped', 'paid'],
  ] as const)('refuses %s → %s with 400 and leaves the order as it was', async (from, to) => {
    const admin = await userWithToken(payload, 'admin')
    const id = await placeOrder()
    if (from !== 'pending') await setStatus(id, 'paid')
    if (from === 'shipped') await setStatus(id, 'shipped')
    const response = await restJson('PATCH', `/api/orders/${id}`, {
      headers: bearer(admin.token),
      body: { status: to },
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body)).toMatch(/moves forward only/)
    expect((await payload.findByID({ collection: 'orders', id })).status).toBe(from)
  })

  it('refuses the same moves through the Local API unless the write is the system’s', async () => {
    const id = await placeOrder()
    await expect(
      payload.update({ collection: 'orders', id, data: { status: 'paid' } }),
    ).rejects.toMatchObject({
      data: { errors: [{ path: 'status', message: expect.stringMatching(/moves forward only/) }] },
    })
    await setStatus(id, 'paid')
    expect((await payload.findByID({ collection: 'orders', id })).status).toBe('paid')
  })

  it('lets an admin change nothing but the status', async () => {
    const admin = await userWithToken(payload, 'admin')
    const id = await placeOrder()
    const before = await payload.findByID({ collection: 'orders', id, depth: 0 })
    const response = await restJson('PATCH', `/api/orders/${id}`, {
      headers: bearer(admin.token),
      body: { total: 0, customerEmail: 'thief@example.com', paymentId: 'pi_forged' },
    })
    expect(response.status).toBe(200)
    const after = await payload.findByID({ collection: 'orders', id, depth: 0 })
    expect(after).toMatchObject({
      total: before.total,
      customerEmail: before.customerEmail,
      paymentId: null,
    })
  })
})
