import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { signedInAs, nonAdminCallers } from '../helpers/identities'
import { insertOrders } from '../helpers/orders'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

let payload: Payload
let admin: Record<string, string>

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000)

beforeAll(async () => {
  payload = await getTestPayload()
  admin = await signedInAs(payload, 'admin')
  await insertOrders(payload.db.pool, [
    // Inside the last day.
    { status: 'paid', total: '10.00', createdAt: hoursAgo(1) },
    { status: 'shipped', total: '11.00', createdAt: hoursAgo(2) },
    // Not sales, whenever they were made.
    { status: 'pending', total: '999.99', createdAt: hoursAgo(1) },
    { status: 'cancelled', total: '999.99', createdAt: hoursAgo(1) },
    { status: 'expired', total: '999.99', createdAt: hoursAgo(1) },
    // Inside the week: the edge is 7 days ago; one just inside, one just outside.
    { status: 'delivered', total: '0.10', createdAt: hoursAgo(3 * 24) },
    { status: 'paid', total: '0.20', createdAt: hoursAgo(7 * 24 - 0.05) },
    { status: 'paid', total: '500.00', createdAt: hoursAgo(7 * 24 + 0.05) },
    // Inside the month only.
    { status: 'delivered', total: '1234.56', createdAt: hoursAgo(20 * 24) },
    // Older than every window.
    { status: 'paid', total: '777.77', createdAt: hoursAgo(31 * 24) },
  ])
})

const report = (query: string, headers = admin) =>
  restJson('GET', `/api/reports/sales${query}`, { headers })

describe('GET /reports/sales', () => {
  it('counts the sold orders of the last day, exact to the kopeck, with a rounded average', async () => {
    const response = await report('?period=day')
    expect(response.status).toBe(200)
    // The average 10.50 rounds half-up to 11.
    expect(response.body).toEqual({
      data: { count: 2, revenue: 21, avgOrder: 11, period: 'day' },
    })
  })

  it('counts the week by default, including its edge', async () => {
    const response = await report('')
    // 21.00 + 0.10 + 0.20, summed as numeric (exactly 21.30), each inside 7 days; 500.00 is
    // just outside.
    expect(response.body.data).toEqual({ count: 4, revenue: 21.3, avgOrder: 5, period: 'week' })
  })

  it('counts the month', async () => {
    const response = await report('?period=month')
    expect(response.body.data).toEqual({
      count: 6,
      revenue: 1755.86,
      avgOrder: 293,
      period: 'month',
    })
  })

  it('falls back to 7 days for an unknown period and echoes it', async () => {
    const response = await report('?period=fortnight')
    expect(response.body.data).toEqual({
      count: 4,
      revenue: 21.3,
      avgOrder: 5,
      period: 'fortnight',
    })
  })

  it('answers zeros without sales', async () => {
    await payload.db.pool.query(`UPDATE orders SET status = 'cancelled' WHERE status <> 'pending'`)
    try {
      const response = await report('?period=month')
      expect(response.body.data).toEqual({ count: 0, revenue: 0, avgOrder: 0, period: 'month' })
    } finally {
      await payload.db.pool.query('DELETE FROM orders')
    }
  })

  it('is for administrators only: 403 for others, 401 without credentials, in { errors }', async () => {
    const callers = await nonAdminCallers(payload)
    for (const headers of callers) {
      const response = await report('', headers)
      expect(response.status).toBe(403)
      expect(response.body).toEqual({ errors: [{ message: expect.any(String) }] })
    }
    const anonymous = await report('', {})
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ errors: [{ message: expect.any(String) }] })
  })

  it('counts sales net of refunds: a partly refunded order by what is left, a refunded one not at all', async () => {
    const before = (await report('?period=day')).body.data
    await insertOrders(payload.db.pool, [
      {
        status: 'partially_refunded',
        total: '100.00',
        refundedAmount: '40.25',
        createdAt: hoursAgo(1),
      },
      { status: 'refunded', total: '50.00', refundedAmount: '50.00', createdAt: hoursAgo(1) },
    ])
    const after = (await report('?period=day')).body.data
    expect(after.count).toBe(before.count + 1)
    expect(after.revenue).toBe(before.revenue + 59.75)
  })
})
