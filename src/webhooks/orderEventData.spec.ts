import { describe, expect, it } from 'vitest'

import { orderEventData, orderPaidEventData, productEventData } from './orderEventData'

const order = {
  id: 3,
  status: 'paid' as const,
  total: 41.99,
  createdAt: '2026-01-01T00:00:00.000Z',
  paid_at: '2026-01-01T00:05:00.000Z',
  paymentId: 'pi_123',
  customerEmail: 'not-in-the-event@example.com',
}

describe('event payloads', () => {
  it('order.created / order.updated carry id, status, total, created_at', () => {
    expect(orderEventData(order)).toEqual({
      id: 3,
      status: 'paid',
      total: 41.99,
      created_at: '2026-01-01T00:00:00.000Z',
    })
  })

  it('order.paid adds paid_at and payment_id', () => {
    expect(orderPaidEventData(order)).toEqual({
      id: 3,
      status: 'paid',
      total: 41.99,
      created_at: '2026-01-01T00:00:00.000Z',
      paid_at: '2026-01-01T00:05:00.000Z',
      payment_id: 'pi_123',
    })
  })

  it('product.* carry id, name, slug, price, stock, active', () => {
    const product = { id: 1, name: 'Mug', slug: 'mug', price: 19.99, stock: 4, active: true }
    expect(productEventData({ ...product, description: 'x' } as typeof product)).toEqual(product)
  })
})
