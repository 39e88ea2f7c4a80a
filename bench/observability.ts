/**
 * `npm run bench:observability`: what health checks and metrics cost.
 * - In-process: one request observation as the app's server makes it (the route label from the
 *   app's real route table, then the histogram), per call.
 * - On the production build, two apps side by side: one with `METRICS_TOKEN` (its server
 *   reports every response to the metrics) and one without (nothing is observed). The same
 *   request, `GET /api/v1/me` with an API key, is loaded on each in turn, four rounds, each app
 *   first in every other round, so that drift on a shared machine hits both alike; then the
 *   probes and the scrape. Run `npm run build` first.
 */
import { seedCredentials } from '../seed/identities'
import { measure, type Figures } from './lib/measure'
import { startApp } from '../tests/helpers/startApp'

process.env.PAYLOAD_SECRET ||= 'observability-bench'
const token = 'bench-metrics-token'
const { default: config } = await import('@payload-config')
const { routeLabeler } = await import('../src/observability/routeLabel')
const { routeTemplates } = await import('../src/observability/operations/observeHttpRequests')
const { observeHttpRequest } = await import('../src/runtime/metrics')

// In-process: the observation itself.
const label = routeLabeler(routeTemplates(await config))
const paths = [
  '/api/v1/articles/42',
  '/webhooks/subscriptions/3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42/deliveries',
  '/api/orders/checkout',
  '/api/users/me',
  '/_next/static/chunks/main-abc.js',
  '/admin/collections/articles/12',
  '/api/nothing/here',
  '/wp-login.php',
]
const observations = 400_000
const observe = (index: number) =>
  observeHttpRequest({
    method: 'GET',
    route: label(paths[index % paths.length]!),
    status: 200,
    seconds: 0.012,
  })
for (let index = 0; index < 50_000; index++) observe(index)
const started = performance.now()
for (let index = 0; index < observations; index++) observe(index)
const perObservationUs = ((performance.now() - started) * 1000) / observations

const env = {
  RATE_LIMIT_DEFAULT: '100000000/60',
  RATE_LIMIT_EDITORS: '100000000/60',
  CHECKOUT_MAX_PENDING_ORDERS: '100000000',
  CHECKOUT_MAX_HELD_UNITS: '1000000000',
}
const instrumented = await startApp({ env: { ...env, METRICS_TOKEN: token } })
const plain = await startApp({ env })
try {
  const apiKey = { 'x-api-key': seedCredentials().consumerApiKey }
  const me = { path: '/api/v1/me', headers: apiKey, expectStatus: 200 }
  const rounds: { instrumented: Figures; plain: Figures }[] = []
  const load = async (app: typeof plain) => (await measure(app.baseUrl, [{ name: '', ...me }]))[0]!
  for (let round = 1; round <= 4; round++) {
    // Each goes first in every other round, so that neither always meets the warmer machine.
    if (round % 2) {
      const a = await load(instrumented)
      rounds.push({ instrumented: a, plain: await load(plain) })
    } else {
      const b = await load(plain)
      rounds.push({ instrumented: await load(instrumented), plain: b })
    }
  }
  const scrape = { authorization: `Bearer ${token}` }
  const probes = await measure(instrumented.baseUrl, [
    { name: 'GET /api/health', path: '/api/health', expectStatus: 200 },
    { name: 'GET /api/health/ready', path: '/api/health/ready', expectStatus: 200 },
    { name: 'GET /api/metrics (scrape)', path: '/api/metrics', headers: scrape, expectStatus: 200 },
  ])
  const metrics = await (
    await fetch(`${instrumented.baseUrl}/api/metrics`, { headers: scrape })
  ).text()
  const observed = metrics
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_count{'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)

  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const ratio = (round: { instrumented: Figures; plain: Figures }) =>
    round.instrumented.requestsPerSecond / round.plain.requestsPerSecond
  console.log(
    `\nnpm run bench:observability, ${new Date().toISOString().slice(0, 16)} UTC, autocannon -c 10 -d 8\n`,
  )
  console.log(`One observation in-process: ${perObservationUs.toFixed(2)} µs\n`)
  console.log(
    '| GET /api/v1/me, X-API-Key | instrumented req/s | p50 ms | plain req/s | p50 ms | ratio |',
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  rounds.forEach((round, index) =>
    console.log(
      `| round ${index + 1} | ${round.instrumented.requestsPerSecond} | ${round.instrumented.p50} | ${round.plain.requestsPerSecond} | ${round.plain.p50} | ${ratio(round).toFixed(3)} |`,
    ),
  )
  const sum = (pick: (round: (typeof rounds)[number]) => Figures) =>
    rounds.reduce((total, round) => total + pick(round).requestsPerSecond, 0)
  console.log(
    `| all rounds | ${Math.round(sum((r) => r.instrumented) / rounds.length)} | | ${Math.round(sum((r) => r.plain) / rounds.length)} | | ${(sum((r) => r.instrumented) / sum((r) => r.plain)).toFixed(3)} |`,
  )
  const ratios = rounds.map(ratio)
  console.log(
    `\nRatio per round: mean ${mean(ratios).toFixed(3)}, from ${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)}`,
  )
  console.log('\n| probe (instrumented app) | req/s | p50 ms | p99 ms |')
  console.log('|---|---:|---:|---:|')
  for (const figure of probes) {
    console.log(`| ${figure.name} | ${figure.requestsPerSecond} | ${figure.p50} | ${figure.p99} |`)
  }
  console.log(`\nRequests the instrumented app observed: ${observed}`)
  if (observed === 0) {
    console.log(
      'None: scripts/server.mjs does not report responses to the metrics yet, so both apps ran ' +
        'uninstrumented and the comparison says nothing.',
    )
  }
} finally {
  await Promise.all([instrumented.stop(), plain.stop()])
}
process.exit(0)
