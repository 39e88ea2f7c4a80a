import { describe, expect, it } from 'vitest'

import { toOrderEventData, toOrderPaidEventData } from './orderEvents'

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
    expect(toOrderEventData(order)).toEqual({
      id: 3,
      status: 'paid',
      total: 41.99,
      created_at: '2026-01-01T00:00:00.000Z',
    })
  })

  it('order.paid adds paid_at and payment_id', () => {
    expect(toOrderPaidEventData(order)).toEqual({
      id: 3,
      status: 'paid',
      total: 41.99,
      created_at: '2026-01-01T00:00:00.000Z',
      paid_at: '2026-01-01T00:05:00.000Z',
      payment_id: 'pi_123',
    })
  })
})
