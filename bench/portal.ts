/**
 * `npm run bench:portal`, on a throwaway database (the server of `DATABASE_URL`, or an embedded
 * one), with Payload in this process and its REST handlers called in-process. What the
 * integrator portal's reads cost, as people use them, against a history of deliveries:
 * 1. a subscription's 24-hour figures (`GET /webhooks/subscriptions/{id}/stats`, the chart)
 *    for a quiet endpoint (about 6,000 attempts a day) and a busy one (100,000 in the last
 *    day), each with 30 days of history, 400,000 attempts in all;
 * 2. a page of the delivery log, unfiltered and filtered by event type and a day;
 * 3. the same read (`GET /webhooks/subscriptions`) with the API key and with a portal session
 *    cookie (one more indexed update and one read of the consumer per request).
 * Prints p50 and p95 of sequential calls.
 */
import { createDatabaseIfMissing } from '../scripts/lib/embeddedPostgres'
import { startTestServer } from '../tests/helpers/testDatabase'
import { sequentialLatency } from './lib/latency'

const server = await startTestServer()
const database = `${server.prefix}_bench_portal`
await createDatabaseIfMissing(server.adminUrl, database)
Object.assign(process.env, {
  DATABASE_URL: server.urlFor(database),
  PAYLOAD_SECRET: 'bench-portal',
  PAYLOAD_DB_PUSH: 'true',
  RATE_LIMIT_DEFAULT: '100000000/60',
  RATE_LIMIT_EDITORS: '100000000/60',
})

// Everything in one step (CONTRIBUTING: how scripts load modules).
const [{ default: config }, { getPayload }, { restJson }, { postgres }, { closePayload }] =
  await Promise.all([
    import('../payload.config'),
    import('payload'),
    import('../tests/helpers/rest'),
    import('../src/db/transaction'),
    import('../src/db/closePayload'),
  ])
const payload = await getPayload({ config })
const pool = postgres(payload).pool
await (await import('../seed/webhooks')).seedWebhookEventTypes(payload)

const apiKey = 'bench-portal-consumer-key-0123456789'
await payload.create({
  collection: 'consumers',
  data: {
    name: 'Bench',
    email: 'bench@example.com',
    enableAPIKey: true,
    apiKey,
    grants: ['content', 'orders', 'inquiries'],
  },
})
const asKey = { 'x-api-key': apiKey }

async function subscribe(name: string) {
  const created = await restJson('POST', '/webhooks/subscriptions', {
    headers: asKey,
    body: { endpoint_url: `https://hooks.example.com/${name}`, events: ['*'] },
  })
  if (created.status !== 201) throw new Error(JSON.stringify(created.body))
  return created.body.id as string
}

/**
 * `deliveries` deliveries of subscription `id` spread evenly over the last `days` days (event
 * types in turn), each with `attemptsEach` attempts (every third fails with 500), written in SQL.
 */
async function history(args: {
  id: string
  deliveries: number
  days: number
  attemptsEach: number
}) {
  // Each delivery with its event in the event log, as fan-out leaves them.
  await pool.query(
    `WITH spread AS (
       SELECT i, gen_random_uuid() AS event_id, nextval(pg_get_serial_sequence('webhook_outbox', 'seq')) AS seq,
              now() - make_interval(secs => i * ($3 * 86400.0 / $2)) AS at,
              (ARRAY['order.paid','order.created','article.updated','product.updated'])[1 + i % 4]
                AS type
         FROM generate_series(1, $2) AS i
     ), events AS (
       INSERT INTO webhook_events (id, type, data, occurred_at, seq)
       SELECT event_id, type, '{}', at, seq FROM spread
     )
     INSERT INTO webhook_deliveries
            (subscription_id, event_id, event_type, occurred_at, event_seq, status, attempts,
             last_attempt_at, created_at, updated_at)
     SELECT $1, event_id::text, type, at, seq, 'succeeded', $4, at, at, at FROM spread`,
    [args.id, args.deliveries, args.days, args.attemptsEach],
  )
  await pool.query(
    `INSERT INTO webhook_attempts
            (delivery_id, subscription_id, attempt, is_manual, attempted_at, duration_ms,
             response_status, request_headers)
     SELECT d.id, d.subscription_id, n, false, d.created_at + make_interval(secs => n),
            5 + (d.id * 7 + n) % 200, CASE WHEN (d.id + n) % 3 = 0 THEN 500 ELSE 200 END,
            '{"content-type":"application/json"}'::jsonb
       FROM webhook_deliveries d, generate_series(1, $2) AS n
      WHERE d.subscription_id = $1`,
    [args.id, args.attemptsEach],
  )
}

const quiet = await subscribe('quiet')
const busy = await subscribe('busy')
const started = performance.now()
// Quiet: 180,000 deliveries over 30 days (6,000 a day), one attempt each.
await history({ id: quiet, deliveries: 180_000, days: 30, attemptsEach: 1 })
// Busy: 100,000 deliveries in the last day, two attempts each (200,000 attempts).
await history({ id: busy, deliveries: 100_000, days: 1, attemptsEach: 2 })
await pool.query('ANALYZE webhook_deliveries; ANALYZE webhook_attempts')
const { rows: sizes } = await pool.query<{ deliveries: string; attempts: string }>(
  `SELECT (SELECT count(*) FROM webhook_deliveries) AS deliveries,
          (SELECT count(*) FROM webhook_attempts) AS attempts`,
)
const seconds = ((performance.now() - started) / 1000).toFixed(1)

const site = { host: 'localhost:3000', origin: 'http://localhost:3000' }
const link = await restJson('POST', '/webhooks/portal-sessions', { headers: asKey })
const token = new URL(link.body.url).hash.replace('#token=', '')
const opened = await restJson('POST', '/webhooks/portal-sessions/exchange', {
  headers: site,
  body: { token },
})
const asPortal = { ...site, cookie: opened.headers.get('set-cookie')!.split(';')[0]! }

/** The latency of `GET path`, checking every answer is a 200. */
const latencyOf = (path: string, headers: Record<string, string>, runs = 100) =>
  sequentialLatency(async () => {
    const answer = await restJson('GET', path, { headers })
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`)
  }, runs)

const dayAgo = new Date(Date.now() - 86_400_000).toISOString()
const rows: [string, Awaited<ReturnType<typeof latencyOf>>][] = [
  [
    'stats, quiet endpoint (about 6,000 attempts in 24 h)',
    await latencyOf(`/webhooks/subscriptions/${quiet}/stats`, asPortal),
  ],
  [
    'stats, busy endpoint (about 200,000 attempts in 24 h)',
    await latencyOf(`/webhooks/subscriptions/${busy}/stats`, asPortal, 30),
  ],
  [
    'delivery log, page 1 of 180,000',
    await latencyOf(`/webhooks/subscriptions/${quiet}/deliveries`, asPortal),
  ],
  [
    'delivery log, one event type in the last day',
    await latencyOf(
      `/webhooks/subscriptions/${quiet}/deliveries?event_type=order.paid&since=${encodeURIComponent(dayAgo)}`,
      asPortal,
    ),
  ],
  ['list subscriptions, API key', await latencyOf('/webhooks/subscriptions', asKey)],
  ['list subscriptions, portal session', await latencyOf('/webhooks/subscriptions', asPortal)],
]

console.log(
  `\nbench:portal: ${sizes[0]!.deliveries} deliveries, ${sizes[0]!.attempts} attempts ` +
    `(written in ${seconds} s)\n`,
)
console.log('| read | p50 ms | p95 ms |')
console.log('| --- | ---: | ---: |')
for (const [name, figures] of rows) console.log(`| ${name} | ${figures.p50} | ${figures.p95} |`)

await closePayload(payload)
await server.stop()
process.exit(0)
