/**
 * `npm run bench:webhooks:statements`: the engine's database work alone, no HTTP, no Payload:
 * the worker's scan, claim and outcome statements (src/webhooks/worker/) run one after another
 * (the claims on a connection of their own, `openClaimPool`, as the worker runs them), draining
 * `BENCH_STATEMENTS_EVENTS` (10) events to each of `BENCH_STATEMENTS_SUBSCRIPTIONS` (1,000)
 * subscriptions, every send taken as a 200, in `BENCH_STATEMENTS_ROUNDS` (5) rounds after one
 * warm-up. Prints, for each round, the CPU a delivery of the two connections' backends
 * (`/proc/<pid>/schedstat`: the time they ran on a core, which load distorts far less than wall
 * time), this process's CPU a delivery, in all and in the claim's and the outcome's calls (the
 * driver and the worker's code around the statements, `process.cpuUsage`) and the WAL a
 * delivery; then the
 * statements by server time (`pg_stat_statements`). The schema is the committed migrations'
 * (`npm run migrate`).
 *
 * On an embedded server of its own, started with `pg_stat_statements`, so that the WAL and the
 * statements are this run's only. `BENCH_STATEMENTS_SQL=<file>` applies a schema change to try
 * after the migrations; `BENCH_STATEMENTS_EXPLAIN=1` prints the plans of the measured rounds'
 * statements (auto_explain with buffers, WAL and triggers, sent to this connection).
 */
import { readFileSync } from 'node:fs'

import pg from 'pg'

import { createDatabaseIfMissing } from '../scripts/lib/embeddedPostgres'
import { runScript } from '../scripts/lib/processes'
import { queuePendingDeliveries } from './lib/pendingDeliveries'
import { claimDeliveries, findDueSubscriptions } from '../src/webhooks/worker/claimDeliveries'
import { openClaimPool } from '../src/webhooks/worker/claimPool'
import { recordOutcomes } from '../src/webhooks/worker/recordOutcomes'
import type { AttemptOutcome } from '../src/webhooks/worker/sendDelivery'
import { startTestServer } from '../tests/helpers/testDatabase'

const rounds = Number(process.env.BENCH_STATEMENTS_ROUNDS ?? 5)
/** `BENCH_STATEMENTS_SUBSCRIPTIONS` (1,000) × `BENCH_STATEMENTS_EVENTS` (10) deliveries a round. */
const subscriptionCount = Number(process.env.BENCH_STATEMENTS_SUBSCRIPTIONS ?? 1000)
const eventCount = Number(process.env.BENCH_STATEMENTS_EVENTS ?? 10)
/**
 * Subscriptions a claim of 50 names: ten, as a worker of 50 slots names them once each has shown
 * a backlog (five each: src/webhooks/worker/claimScheduler.ts).
 */
const namedPerClaim = 10

delete process.env.DATABASE_URL
const server = await startTestServer({
  settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' },
})
const database = `${server.prefix}_statements`
await createDatabaseIfMissing(server.adminUrl, database)
const url = server.urlFor(database)
await runScript('scripts/migrate.ts', [], {
  DATABASE_URL: url,
  PAYLOAD_SECRET: 'bench-statements',
  LOG_LEVEL: 'warn',
})
const pool = new pg.Pool({ connectionString: url, max: 1 })
pool.on('error', () => {})
// The claims on a connection of their own, as the worker runs them.
const claimPool = openClaimPool({ connectionString: url })
await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
// A change of the schema to try (a file of SQL), applied after the migrations.
if (process.env.BENCH_STATEMENTS_SQL) {
  await pool.query(readFileSync(process.env.BENCH_STATEMENTS_SQL, 'utf8'))
}
const backendPids = await Promise.all(
  [pool, claimPool].map(async (onePool) => {
    const { rows } = await onePool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
    return rows[0]!.pid
  }),
)
/** The time both backends (the claim's and the rest's) ran on a core, in ns. */
const runNs = () =>
  backendPids.reduce(
    (sum, pid) => sum + Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]),
    0,
  )
const walBytes = async () => {
  const { rows } = await pool.query<{ lsn: string }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text AS lsn`,
  )
  return Number(rows[0]!.lsn)
}

await pool.query(
  `INSERT INTO consumers (id, name, email) VALUES ('bench', 'bench', 'bench@example.com')`,
)
await pool.query(
  `INSERT INTO webhook_subscriptions (id, consumer_id, endpoint_url, secret, events, is_active,
     headers, timeout_seconds, failure_count)
   SELECT gen_random_uuid()::text, $1, 'http://127.0.0.1:9/' || n, 'whsec_x', '["order.paid"]',
     true, '{}', 10, 0
   FROM generate_series(1, $2::int) AS n`,
  ['bench', subscriptionCount],
)
await pool.query('ANALYZE webhook_subscriptions')

const logger = { info: () => {}, warn: () => {}, error: () => {} }
const fakePayload = { logger } as unknown as Parameters<typeof recordOutcomes>[0]
const settings = {
  backoffAfterFailures: 5,
  backoffBaseMs: 30_000,
  backoffMaxMs: 3_600_000,
} as unknown as Parameters<typeof recordOutcomes>[3]

async function fill() {
  await queuePendingDeliveries(pool, { events: eventCount })
  await pool.query('ANALYZE webhook_deliveries')
}

async function drain() {
  let delivered = 0
  const time = { scan: 0, claim: 0, outcome: 0 }
  // This process's CPU in the claim's and the outcome's calls (µs): the driver and the worker's
  // code around each statement (the connection's round trip costs no CPU here).
  const own = { claim: 0, outcome: 0 }
  const ownSince = (before: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(before)
    return used.user + used.system
  }
  let candidates: string[] = []
  for (;;) {
    let started = performance.now()
    if (!candidates.length) {
      candidates = await findDueSubscriptions(pool, { limit: 1000, endpointConcurrency: 10 })
      time.scan += performance.now() - started
      if (!candidates.length) break
    }
    started = performance.now()
    let ownBefore = process.cpuUsage()
    const { deliveries } = await claimDeliveries(claimPool, {
      subscriptionIds: candidates.slice(0, namedPerClaim),
      limit: 50,
      leaseMs: 60_000,
      endpointConcurrency: 10,
    })
    candidates = candidates.slice(namedPerClaim)
    time.claim += performance.now() - started
    own.claim += ownSince(ownBefore)
    if (!deliveries.length) continue
    const outcomes: AttemptOutcome[] = deliveries.map((delivery) => ({
      deliveryId: delivery.id,
      subscriptionId: delivery.subscriptionId,
      leaseExpiresAt: new Date(delivery.leaseExpiresAt),
      attempt: delivery.attempt,
      isManual: delivery.isManual,
      attemptedAt: new Date(),
      signature: 'v1,abc',
      requestHeaders: { 'content-type': 'application/json', 'webhook-id': delivery.eventId },
      isSuccess: true,
      status: 'succeeded',
      nextAttemptAt: null,
      responseStatus: 200,
      responseBody: '',
      error: null,
      durationMs: 3,
    }))
    started = performance.now()
    ownBefore = process.cpuUsage()
    await recordOutcomes(fakePayload, pool, outcomes, settings)
    time.outcome += performance.now() - started
    own.outcome += ownSince(ownBefore)
    delivered += deliveries.length
  }
  return { delivered, time, own }
}

console.log(`\nnpm run bench:webhooks:statements, ${new Date().toISOString().slice(0, 16)} UTC\n`)
console.log(
  '| round | deliveries | server CPU a delivery | worker process CPU a delivery (claim / outcome) | WAL a delivery | scan / claim / outcome (wall) |',
)
console.log('|---:|---:|---:|---:|---:|---|')
await fill()
await drain()
await pool.query('SELECT pg_stat_statements_reset()')
// `BENCH_STATEMENTS_EXPLAIN=1`: the plans of one round's statements, with their buffers and WAL
// (auto_explain, sent to both connections), printed once each after the round.
const plans = new Map<string, string>()
if (process.env.BENCH_STATEMENTS_EXPLAIN) {
  for (const onePool of [pool, claimPool]) {
    const client = await onePool.connect()
    client.on('notice', (notice) => {
      const text = String(notice.message)
      const key = text.replace(/duration: [\d.]+ ms/, '').slice(0, 140)
      plans.set(key, text)
    })
    await client.query(`LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0;
      SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_wal = on;
      SET auto_explain.log_nested_statements = on; SET client_min_messages = log`)
    client.release()
  }
}
const cpus: number[] = []
for (let round = 1; round <= rounds; round++) {
  await fill()
  const ns = runNs()
  const wal = await walBytes()
  const ownBefore = process.cpuUsage()
  const { delivered, time, own: stages } = await drain()
  const own = process.cpuUsage(ownBefore)
  const cpu = (runNs() - ns) / 1000 / delivered
  const walPer = ((await walBytes()) - wal) / delivered
  cpus.push(cpu)
  console.log(
    `| ${round} | ${delivered} | ${cpu.toFixed(1)} µs | ` +
      `${((own.user + own.system) / delivered).toFixed(1)} µs ` +
      `(${(stages.claim / delivered).toFixed(1)} / ${(stages.outcome / delivered).toFixed(1)}) | ` +
      `${walPer.toFixed(0)} B | ` +
      `${time.scan.toFixed(0)} / ${time.claim.toFixed(0)} / ${time.outcome.toFixed(0)} ms |`,
  )
}
for (const plan of plans.values()) console.log(`\n${plan}`)
cpus.sort((a, b) => a - b)
console.log(`\nmedian server CPU a delivery: ${cpus[Math.floor(cpus.length / 2)]!.toFixed(1)} µs`)
const { rows: statements } = await pool.query<{
  query: string
  calls: string
  rows: string
  total: number
  wal: string
}>(
  `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS query, calls::text, rows::text,
          total_exec_time + total_plan_time AS total, wal_bytes::text AS wal
   FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
   ORDER BY total DESC LIMIT 12`,
)
const total = rounds * subscriptionCount * eventCount
console.log(
  '\n| statement | calls | mean | a delivery | WAL a delivery |\n|---|---:|---:|---:|---:|',
)
for (const row of statements) {
  console.log(
    `| \`${row.query}\` | ${row.calls} | ${(row.total / Number(row.calls)).toFixed(2)} ms | ` +
      `${((row.total * 1000) / total).toFixed(1)} µs | ${(Number(row.wal) / total).toFixed(0)} B |`,
  )
}
const { rows: tables } = await pool.query(
  `SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables
   WHERE relname IN ('webhook_deliveries', 'webhook_subscriptions', 'webhook_attempts')`,
)
console.log('\n', tables)
await pool.end()
await claimPool.end()
await server.stop()
