import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { createProduct, stockOf } from '../helpers/shop'
import { whileAnotherWriterCommits, withOtherWriter } from '../helpers/otherWriter'
import { postgres } from '../../src/db/transaction'

let payload: Payload
let pool: Pool
let editor: Record<string, string>
let admin: Record<string, string>

beforeAll(async () => {
  payload = await getTestPayload()
  pool = postgres(payload).pool
  editor = { authorization: `Bearer ${(await userWithToken(payload, 'editor')).token}` }
  admin = { authorization: `Bearer ${(await userWithToken(payload, 'admin')).token}` }
})

describe('an editor saving a product whose stock a checkout changed', () => {
  it('keeps the checkout`s units when the form sends back the stock it loaded', async () => {
    const product = await createProduct(payload, { stock: 10, description: 'A lamp.' })
    // A checkout reserved 3 units after the form loaded the product (reserveStock's statement).
    await pool.query('UPDATE products SET stock = stock - 3, updated_at = now() WHERE id = $1', [
      product.id,
    ])
    const saved = await restJson('PATCH', `/api/products/${product.id}`, {
      headers: editor,
      body: { name: product.name, price: 10, stock: 10, active: true, description: 'Linen.' },
    })
    expect(saved.status).toBe(200)
    expect(await stockOf(payload, product.id)).toBe(7)
    expect((await payload.findByID({ collection: 'products', id: product.id })).description).toBe(
      'Linen.',
    )
  })

  it('keeps the units of a checkout that commits between the save reading and writing the product', async () => {
    const product = await createProduct(payload, { stock: 10 })
    const saved = await withOtherWriter(pool, async (checkout) => {
      await checkout.query('UPDATE products SET stock = stock - 3 WHERE id = $1', [product.id])
      // The save sends no stock at all: only what Payload itself reads and writes back.
      return whileAnotherWriterCommits(pool, checkout, () =>
        restJson('PATCH', `/api/products/${product.id}`, {
          headers: editor,
          body: { description: 'Saved while a checkout committed.' },
        }),
      )
    })
    expect(saved.status).toBe(200)
    expect(await stockOf(payload, product.id)).toBe(7)
  })
})

describe('an editor saving products in bulk (update by where)', () => {
  it('keeps the units of a checkout that commits while the bulk update is under way', async () => {
    const product = await createProduct(payload, { stock: 10 })
    const saved = await withOtherWriter(pool, async (checkout) => {
      await checkout.query('UPDATE products SET stock = stock - 3 WHERE id = $1', [product.id])
      return whileAnotherWriterCommits(pool, checkout, () =>
        restJson('PATCH', `/api/products?where[id][equals]=${product.id}`, {
          headers: editor,
          body: { description: 'Edited in bulk' },
        }),
      )
    })
    expect(saved.status).toBe(200)
    expect(await stockOf(payload, product.id)).toBe(7)
  })
})

/** A subscription of a fresh consumer, as the consumer API creates it. */
async function subscription() {
  const { consumer } = await consumerWithKey(payload, 'Stale form consumer')
  return payload.create({
    collection: 'webhook-subscriptions',
    data: {
      consumer: consumer.id,
      endpointUrl: 'https://receiver.example/hooks',
      events: ['order.paid'],
      description: 'Orders',
      timeoutSeconds: 10,
    },
  })
}

/** What the outcome writer does to a subscription whose endpoint failed 100 times in a row. */
const disable = (db: Pool | PoolClient, id: string) =>
  db.query(
    `UPDATE webhook_subscriptions SET is_active = false, failure_count = 100,
       disabled_at = now(), updated_at = now() WHERE id = $1`,
    [id],
  )

const stateOf = async (id: string) =>
  (
    await pool.query(
      `SELECT is_active, failure_count::int AS failure_count, disabled_at IS NOT NULL AS is_disabled, description
       FROM webhook_subscriptions WHERE id = $1`,
      [id],
    )
  ).rows[0]

describe('an admin saving a subscription the worker disabled', () => {
  it('answers 409 naming the field to a form that loaded it active, and leaves it disabled', async () => {
    const created = await subscription()
    // What the admin form loaded (and sends back whole).
    const loaded = (
      await restJson('GET', `/api/webhook-subscriptions/${created.id}`, {
        headers: admin,
      })
    ).body
    await disable(pool, created.id)
    const saved = await restJson('PATCH', `/api/webhook-subscriptions/${created.id}`, {
      headers: admin,
      body: { ...loaded, description: 'Orders, paid' },
    })
    expect(saved.status).toBe(409)
    expect(saved.body.errors[0].message).toMatch(
      /^Active is now off: this subscription was disabled at .+ after 100 failed deliveries in a row \(after you opened it\)\. Reload the page/,
    )
    expect(await stateOf(created.id)).toEqual({
      is_active: false,
      failure_count: 100,
      is_disabled: true,
      description: 'Orders',
    })
  })

  it('never writes back the counters and times the form loaded', async () => {
    const created = await subscription()
    const loaded = (
      await restJson('GET', `/api/webhook-subscriptions/${created.id}`, {
        headers: admin,
      })
    ).body
    await disable(pool, created.id)
    const saved = await restJson('PATCH', `/api/webhook-subscriptions/${created.id}`, {
      headers: admin,
      body: { ...loaded, isActive: false, description: 'Paused by hand' },
    })
    expect(saved.status).toBe(200)
    expect(await stateOf(created.id)).toEqual({
      is_active: false,
      failure_count: 100,
      is_disabled: true,
      description: 'Paused by hand',
    })
  })

  it('does not re-enable a subscription the worker disables while the save is under way', async () => {
    const created = await subscription()
    const loaded = (
      await restJson('GET', `/api/webhook-subscriptions/${created.id}`, {
        headers: admin,
      })
    ).body
    const saved = await withOtherWriter(pool, async (worker) => {
      await disable(worker, created.id)
      return whileAnotherWriterCommits(pool, worker, () =>
        restJson('PATCH', `/api/webhook-subscriptions/${created.id}`, {
          headers: admin,
          body: { ...loaded, description: 'Orders, paid' },
        }),
      )
    })
    expect(saved.status).toBe(409)
    expect((await stateOf(created.id)).is_active).toBe(false)
    expect((await stateOf(created.id)).failure_count).toBe(100)
  })

  it('re-enables it, counters cleared, when the admin ticks Active on a form that loaded it disabled', async () => {
    const created = await subscription()
    await disable(pool, created.id)
    const loaded = (
      await restJson('GET', `/api/webhook-subscriptions/${created.id}`, {
        headers: admin,
      })
    ).body
    const saved = await restJson('PATCH', `/api/webhook-subscriptions/${created.id}`, {
      headers: admin,
      body: { ...loaded, isActive: true },
    })
    expect(saved.status).toBe(200)
    expect(await stateOf(created.id)).toEqual({
      is_active: true,
      failure_count: 0,
      is_disabled: false,
      description: 'Orders',
    })
  })
})
