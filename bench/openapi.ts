/**
 * `npm run bench:openapi`: what the API reference costs. Building the OpenAPI document from the
 * endpoints' zod schemas (in-process, no cache), its size, and on the production build the first
 * and the cached `GET /api/openapi.json` and the `/docs` page. Run `npm run build` first.
 */
import { gzipSync } from 'node:zlib'

import type { SanitizedConfig } from 'payload'

import { sequentialLatency } from './lib/latency'
import { startApp } from '../tests/helpers/startApp'

process.env.PAYLOAD_SECRET ||= 'openapi-bench'
const { default: config } = await import('@payload-config')
const { buildAppDocument } = await import('../src/openapi/appDocument')
const sanitized: SanitizedConfig = await config

const build = () => buildAppDocument(sanitized, 'http://localhost:3000')
const builds: number[] = []
let document = build()
for (let run = 0; run < 20; run++) {
  const started = performance.now()
  document = build()
  builds.push(performance.now() - started)
}
builds.sort((a, b) => a - b)
const text = JSON.stringify(document)
const operations = Object.values(document.paths ?? {}).reduce(
  (count, item) => count + Object.keys(item ?? {}).length,
  0,
)

const app = await startApp({
  env: { RATE_LIMIT_DEFAULT: '100000000/60', RATE_LIMIT_EDITORS: '100000000/60' },
})
try {
  const started = performance.now()
  const first = await fetch(`${app.baseUrl}/api/openapi.json`)
  await first.arrayBuffer()
  const firstMs = performance.now() - started
  const cached = await sequentialLatency(async () => {
    const response = await fetch(`${app.baseUrl}/api/openapi.json`)
    if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`)
    await response.arrayBuffer()
  }, 200)
  const page = await sequentialLatency(async () => {
    const response = await fetch(`${app.baseUrl}/docs`)
    if (response.status !== 200) throw new Error(`/docs answered ${response.status}`)
    await response.arrayBuffer()
  }, 200)

  const round = (value: number) => Math.round(value * 10) / 10
  console.log(`\nnpm run bench:openapi, ${new Date().toISOString().slice(0, 10)}\n`)
  console.log(`| Measure | Result |`)
  console.log(`|---|---|`)
  console.log(
    `| document | ${operations} operations, ${Object.keys(document.webhooks ?? {}).length} webhooks, ${Math.round(text.length / 1024)} KB (${Math.round(gzipSync(text).length / 1024)} KB gzipped) |`,
  )
  console.log(
    `| build in-process (20 runs) | p50 ${round(builds[10]!)} ms, max ${round(builds.at(-1)!)} ms |`,
  )
  console.log(`| first GET /api/openapi.json after start (builds it) | ${round(firstMs)} ms |`)
  console.log(
    `| GET /api/openapi.json, cached (200 sequential) | p50 ${cached.p50} ms, p95 ${cached.p95} ms |`,
  )
  console.log(`| GET /docs (200 sequential) | p50 ${page.p50} ms, p95 ${page.p95} ms |`)
} finally {
  await app.stop()
}
process.exit(0)
