import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { userWithToken } from '../helpers/identities'
import { whileAnotherWriterCommits, withOtherWriter } from '../helpers/otherWriter'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { createProduct, stockOf } from '../helpers/shop'
import { postgres } from '../../src/db/transaction'

let payload: Payload
let pool: Pool
let editor: Record<string, string>
let editorEmail: string
let admin: Record<string, string>

beforeAll(async () => {
  payload = await getTestPayload()
  pool = postgres(payload).pool
  const editorUser = await userWithToken(payload, 'editor')
  editor = { authorization: `Bearer ${editorUser.token}` }
  editorEmail = editorUser.email
  admin = { authorization: `Bearer ${(await userWithToken(payload, 'admin')).token}` }
})

/** What a checkout's reservation does to a product's row (src/shop/operations/stock.ts). */
const reserve = (productId: number, quantity: number) =>
  pool.query('UPDATE products SET stock = stock - $2, updated_at = now() WHERE id = $1', [
    productId,
    quantity,
  ])

const adjustmentsOf = async (productId: number) =>
  (
    await payload.find({
      collection: 'stock-adjustments',
      where: { product: { equals: productId } },
      sort: 'createdAt',
      depth: 0,
    })
  ).docs

const productUpdatedEvents = async (productId: number) =>
  (
    await pool.query<{ stock: number }>(
      `SELECT (data->>'stock')::int AS stock FROM webhook_outbox
       WHERE type = 'product.updated' AND data->>'id' = $1 ORDER BY occurred_at`,
      [String(productId)],
    )
  ).rows.map((row) => row.stock)

describe('"Adjust stock by" on a product', () => {
  it('moves the stock by the delta from what it is at save time, recorded with who and why', async () => {
    const product = await createProduct(payload, { stock: 10, description: 'A lamp.' })
    await reserve(product.id, 3)
    // The form loaded stock 10 and sends it back, with the delta and a description.
    const saved = await restJson('PATCH', `/api/products/${product.id}`, {
      headers: editor,
      body: {
        stock: 10,
        description: 'A lamp, in stock again.',
        stockChange: 5,
        stockChangeReason: 'Delivery from the supplier',
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.doc.stock).toBe(12)
    expect(await stockOf(payload, product.id)).toBe(12)
    expect(await adjustmentsOf(product.id)).toEqual([
      expect.objectContaining({
        delta: 5,
        reason: 'Delivery from the supplier',
        resultingStock: 12,
        userName: editorEmail,
      }),
    ])
    // One save, one announcement, with the stock after it.
    expect(await productUpdatedEvents(product.id)).toEqual([12])
  })

  it('refuses, with 400 and the current stock, a delta that would go below zero, and saves nothing', async () => {
    const product = await createProduct(payload, { name: 'Scarce lamp', stock: 10 })
    await reserve(product.id, 8)
    const refused = await restJson('PATCH', `/api/products/${product.id}`, {
      headers: editor,
      body: { description: 'Changed', stockChange: -5, stockChangeReason: 'Broken in transit' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].message).toBe(
      `The stock of "Scarce lamp" (product ${product.id}) is 2: an adjustment of -5 would take it below zero`,
    )
    expect(await stockOf(payload, product.id)).toBe(2)
    expect((await payload.findByID({ collection: 'products', id: product.id })).description).toBe(
      null,
    )
    expect(await adjustmentsOf(product.id)).toEqual([])
  })

  it('asks for a reason and a whole number of units', async () => {
    const product = await createProduct(payload, { stock: 10 })
    for (const body of [
      { stockChange: 5 },
      { stockChange: 5, stockChangeReason: '  ' },
      { stockChange: 1.5, stockChangeReason: 'Half a lamp' },
      { stockChange: 0, stockChangeReason: 'Nothing' },
    ]) {
      const refused = await restJson('PATCH', `/api/products/${product.id}`, {
        headers: editor,
        body,
      })
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    expect(await stockOf(payload, product.id)).toBe(10)
  })

  it('ignores a stock sent with an update, and keeps a product with stock history', async () => {
    const product = await createProduct(payload, { stock: 10 })
    const saved = await restJson('PATCH', `/api/products/${product.id}`, {
      headers: admin,
      body: { stock: 500 },
    })
    expect(saved.status).toBe(200)
    expect(await stockOf(payload, product.id)).toBe(10)
    await restJson('PATCH', `/api/products/${product.id}`, {
      headers: editor,
      body: { stockChange: -1, stockChangeReason: 'Counted 9' },
    })
    const deleted = await restJson('DELETE', `/api/products/${product.id}`, { headers: admin })
    expect(deleted.status).toBe(409)
    expect(deleted.body.errors[0].message).toContain('deactivate it instead')
  })
})

describe('the stock-adjustments collection', () => {
  it('records an adjustment made directly, announces the product, and counts a checkout committing meanwhile', async () => {
    const product = await createProduct(payload, { stock: 10 })
    const created = await withOtherWriter(pool, async (checkout) => {
      await checkout.query('UPDATE products SET stock = stock - 3 WHERE id = $1', [product.id])
      return whileAnotherWriterCommits(pool, checkout, () =>
        restJson('POST', '/api/stock-adjustments', {
          headers: editor,
          body: { product: product.id, delta: 5, reason: 'Found in the back room', userName: 'x' },
        }),
      )
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.doc).toMatchObject({ delta: 5, resultingStock: 12, userName: editorEmail })
    expect(await stockOf(payload, product.id)).toBe(12)
    expect(await productUpdatedEvents(product.id)).toEqual([12])
  })

  it('is history: nobody changes or deletes an adjustment, only editors make one, only they read them', async () => {
    const product = await createProduct(payload, { stock: 10 })
    const created = await restJson('POST', '/api/stock-adjustments', {
      headers: editor,
      body: { product: product.id, delta: -2, reason: 'Broken' },
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    const path = `/api/stock-adjustments/${id}`
    expect((await restJson('PATCH', path, { headers: admin, body: { delta: 200 } })).status).toBe(
      403,
    )
    expect((await restJson('DELETE', path, { headers: admin })).status).toBe(403)
    expect(
      (
        await restJson('POST', '/api/stock-adjustments', {
          body: { product: product.id, delta: 5, reason: 'Anonymous' },
        })
      ).status,
    ).toBe(403)
    expect((await restJson('GET', path)).status).toBe(403)
    expect(await stockOf(payload, product.id)).toBe(8)

    const anonymous = await restJson('GET', `/api/products/${product.id}`)
    expect(anonymous.body).not.toHaveProperty('stockHistory')
    const asEditor = await restJson('GET', `/api/products/${product.id}`, { headers: editor })
    expect(asEditor.body.stockHistory.docs).toHaveLength(1)
  })

  it('refuses below zero and an unknown product with 400', async () => {
    const product = await createProduct(payload, { stock: 1 })
    const below = await restJson('POST', '/api/stock-adjustments', {
      headers: editor,
      body: { product: product.id, delta: -2, reason: 'Counted' },
    })
    expect(below.status).toBe(400)
    expect(below.body.errors[0].message).toContain('would take it below zero')
    const unknown = await restJson('POST', '/api/stock-adjustments', {
      headers: editor,
      body: { product: 99999999, delta: 2, reason: 'Counted' },
    })
    expect(unknown.status).toBe(400)
    expect(await stockOf(payload, product.id)).toBe(1)
  })
})
