/**
 * `npm run bench:scale`: what a second app server and a read replica buy.
 *
 * 1. The article list (`GET /api/v1/articles?limit=10` with an API key, a storefront's commonest
 *    read) through Debian's nginx with the operators' configuration (deploy/nginx/app.conf), in
 *    front of one production app server and then two, on one PostgreSQL: requests per second,
 *    latency and the ratio. The figure is the share of one machine's CPU a second app server
 *    turns into answers. On a 2-core machine nginx, PostgreSQL, the load generator and both app
 *    servers share the same two cores, so the ratio stays well below the 2x that two machines
 *    would give; it shows that nothing in the app serialises the servers, not how far it scales.
 * 2. The primary's load for the same public reads (`GET /api/pages?limit=10`, anonymous: what
 *    src/db/replicaReadPolicy.mjs lets a replica answer) without and with a streaming replica
 *    (`DATABASE_REPLICA_URLS`): statements the primary ran per 1,000 reads, and rows it returned.
 */
import { setTimeout as sleep } from 'node:timers/promises'

import pg from 'pg'

import { seedCredentials } from '../seed/identities'
import { startBalancer } from '../tests/helpers/nginx'
import { startApp, type StartedApp } from '../tests/helpers/startApp'
import { startStreamingReplica } from '../tests/helpers/streamingReplica'
import { measure, printTable, type Figures } from './lib/measure'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 8
const env = {
  RATE_LIMIT_DEFAULT: '100000000/60',
  RATE_LIMIT_EDITORS: '100000000/60',
  LOG_LEVEL: 'warn',
  WEBHOOK_WORKER: 'off',
  JOBS: 'off',
  TRUSTED_PROXY_HOPS: '1',
}

/** The primary's counters for one database (pg_stat_database). */
async function primaryCounters(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // The statistics are flushed by each backend at most once a second.
    await sleep(1500)
    const { rows } = await client.query<{ statements: string; rows: string }>(
      `SELECT xact_commit + xact_rollback AS statements, tup_returned + tup_fetched AS rows
       FROM pg_stat_database WHERE datname = current_database()`,
    )
    return { statements: Number(rows[0]!.statements), rows: Number(rows[0]!.rows) }
  } finally {
    await client.end()
  }
}

const replica = await startStreamingReplica()
const apps: StartedApp[] = []
try {
  apps.push(await startApp({ server: replica.primary, env, readyWhen: 'booted' }))
  apps.push(await startApp({ env, readyWhen: 'booted', reuse: apps[0] }))
  const articles = {
    name: 'GET /api/v1/articles?limit=10',
    path: '/api/v1/articles?limit=10',
    headers: { 'x-api-key': seedCredentials().consumerApiKey },
    expectStatus: 200,
  }
  const scaling: Figures[] = []
  for (const count of [1, 2]) {
    const balancer = await startBalancer(
      apps.slice(0, count).map((app) => new URL(app.baseUrl).host),
    )
    try {
      const [measured] = await measure(balancer.baseUrl, [articles], { connections, seconds })
      scaling.push({ ...measured!, name: `${count} app server${count > 1 ? 's' : ''}` })
    } finally {
      await balancer.stop()
    }
  }

  // The replica: one app server, first without, then (restarted) with DATABASE_REPLICA_URLS.
  await apps.pop()!.stop({ keepDatabase: true })
  const pages = { name: 'GET /api/pages?limit=10', path: '/api/pages?limit=10', expectStatus: 200 }
  const databaseUrl = apps[0]!.databaseUrl
  const database = new URL(databaseUrl).pathname.slice(1)
  const replicaRows: { name: string; figures: Figures; statements: number; rows: number }[] = []
  for (const withReplica of [false, true]) {
    if (withReplica) {
      const previous = apps.pop()!
      await previous.stop({ keepDatabase: true })
      await replica.caughtUp()
      apps.push(
        await startApp({
          env: { ...env, DATABASE_REPLICA_URLS: replica.replicaUrlFor(database) },
          readyWhen: 'booted',
          reuse: previous,
        }),
      )
    }
    const before = await primaryCounters(databaseUrl)
    const [figures] = await measure(apps[0]!.baseUrl, [pages], { connections, seconds })
    const after = await primaryCounters(databaseUrl)
    // autocannon's average is per second; the reads made are that times the seconds measured,
    // plus the 2 s warm-up at about the same rate.
    const reads = figures!.requestsPerSecond * (seconds + 2)
    replicaRows.push({
      name: withReplica ? 'with a streaming replica' : 'primary only',
      figures: figures!,
      statements: Math.round(((after.statements - before.statements) / reads) * 1000),
      rows: Math.round(((after.rows - before.rows) / reads) * 1000),
    })
  }

  console.log(
    `\nArticle list through nginx, ${connections} connections, ${seconds} s each (2 cores shared by all):\n`,
  )
  printTable(scaling, '1 app server')
  console.log(`\nAnonymous page reads, one app server, and what they cost the primary:\n`)
  console.log(
    '| | req/s | p50 ms | p99 ms | primary statements per 1,000 reads | primary rows per 1,000 reads |',
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const row of replicaRows) {
    console.log(
      `| ${row.name} | ${row.figures.requestsPerSecond} | ${row.figures.p50} | ${row.figures.p99} | ${row.statements} | ${row.rows} |`,
    )
  }
} finally {
  for (const app of apps.slice(1)) await app.stop({ keepDatabase: true })
  await apps[0]?.stop({ keepDatabase: true })
  await replica.stop()
}
process.exit(0)
