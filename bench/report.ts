/**
 * `npm run bench:report`: `GET /reports/sales` over 200,000 orders (a third of them sold, spread
 * over 90 days), for each period, beside the bare aggregate sent straight to PostgreSQL.
 */
import pg from 'pg'

import { seedCredentials } from '../seed/identities'
import { insertOrders } from '../tests/helpers/orders'
import { startApp } from '../tests/helpers/startApp'
import { sequentialLatency } from './lib/latency'

const orderCount = 200_000
const app = await startApp({
  env: { RATE_LIMIT_DEFAULT: '100000000/60', RATE_LIMIT_EDITORS: '100000000/60' },
})
try {
  const pool = new pg.Pool({ connectionString: app.databaseUrl })
  const statuses = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'expired']
  for (let offset = 0; offset < orderCount; offset += 20_000) {
    await insertOrders(
      pool,
      Array.from({ length: 20_000 }, (_, index) => {
        const n = offset + index
        return {
          status: statuses[n % statuses.length]!,
          total: ((100 + ((n * 7919) % 90_000)) / 100).toFixed(2),
          createdAt: new Date(Date.now() - ((n * 3889) % (90 * 86_400)) * 1000),
        }
      }),
    )
  }
  await pool.query('VACUUM ANALYZE')

  const login = await fetch(`${app.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: seedCredentials().adminEmail,
      password: seedCredentials().adminPassword,
    }),
  })
  const { token } = (await login.json()) as { token: string }
  const rows: [string, Awaited<ReturnType<typeof sequentialLatency>>][] = []
  for (const [period, days] of [
    ['day', 1],
    ['week', 7],
    ['month', 30],
  ] as const) {
    rows.push([
      `bare aggregate, ${days} days`,
      await sequentialLatency(async () => {
        await pool.query(
          `SELECT count(*), sum(total), round(avg(total)) FROM orders
           WHERE status IN ('paid','shipped','delivered') AND created_at >= now() - make_interval(days => $1)`,
          [days],
        )
      }, 200),
    ])
    rows.push([
      `GET /reports/sales?period=${period}`,
      await sequentialLatency(async () => {
        const response = await fetch(`${app.baseUrl}/reports/sales?period=${period}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        if (response.status !== 200) throw new Error(`answered ${response.status}`)
        await response.arrayBuffer()
      }, 200),
    ])
  }
  await pool.end()
  console.log(
    `\nnpm run bench:report, ${new Date().toISOString().slice(0, 10)}: ${orderCount} orders over 90 days; 200 sequential calls each\n`,
  )
  console.log('| what | p50 ms | p95 ms | mean ms |\n|---|---:|---:|---:|')
  for (const [name, figures] of rows) {
    console.log(`| ${name} | ${figures.p50} | ${figures.p95} | ${figures.mean} |`)
  }
} finally {
  await app.stop()
}
process.exit(0)
