/**
 * `npm run bench:webhooks`, on a throwaway database (the server of `DATABASE_URL`, or an
 * embedded one), with Payload and one in-process worker in this process and a `node:http`
 * receiver on loopback:
 * 1. fan-out: from the commit of one event to all 10,000 delivery rows present;
 * 2. delivery throughput across 1,000 subscriptions, beside the receiver's ceiling measured in
 *    the same run by sending the same signed requests straight with undici;
 * 3. p50 latency of a document create that emits an event in its transaction (an audit-log
 *    entry stands in for an article, which lives on another branch), with 0 and with 10,000
 *    matching subscriptions.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { Agent, request } from 'undici'

import { createDatabaseIfMissing } from '../scripts/lib/embeddedPostgres'
import { startTestServer } from '../tests/helpers/testDatabase'

const server = await startTestServer()
const database = `${server.prefix}_bench_webhooks`
await createDatabaseIfMissing(server.adminUrl, database)
Object.assign(process.env, {
  DATABASE_URL: server.urlFor(database),
  PAYLOAD_SECRET: 'bench-webhooks',
  PAYLOAD_DB_PUSH: 'true',
  WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback',
})

let received = 0
const receiver = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    received++
    res.writeHead(200).end()
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`

const { default: config } = await import('../payload.config')
const { createLocalReq, getPayload } = await import('payload')
const { emitEvent } = await import('../src/webhooks/operations/emitEvent')
const { inTransaction, postgres } = await import('../src/db/transaction')
const { startWebhookWorker } = await import('../src/webhooks/worker/worker')
const { buildDeliveryRequest } = await import('../src/webhooks/deliveryRequest')
const { generateSecret } = await import('../src/webhooks/secret')
const { closePayload } = await import('../scripts/lib/closePayload')

const payload = await getPayload({ config })
const pool = postgres(payload).pool
const consumer = await payload.create({
  collection: 'consumers',
  data: { name: 'Bench', email: 'bench@example.com' },
})
const user = await payload.create({
  collection: 'users',
  data: { email: 'bench-admin@example.com', password: 'bench-password', role: 'admin' },
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const count = async (query: string, params: unknown[] = []) =>
  Number((await pool.query(query, params)).rows[0].count)

async function addSubscriptions(total: number, events: string[]) {
  await pool.query(
    `INSERT INTO webhook_subscriptions (id, consumer_id, endpoint_url, secret, events, is_active,
       headers, timeout_seconds, failure_count)
     SELECT gen_random_uuid()::text, $1, $2 || '/hook/' || n, $3, $4::jsonb, true, '{}', 10, 0
     FROM generate_series(1, $5) AS n`,
    [consumer.id, receiverUrl, generateSecret(), JSON.stringify(events), total],
  )
}

async function emitOne(type: string, data: Record<string, unknown>) {
  const req = await createLocalReq({}, payload)
  await inTransaction(req, () => emitEvent({ req, type, data }))
}

/** A stand-in for an article create: one document and its event in one transaction. */
async function createWithEvent(index: number, type: string) {
  const req = await createLocalReq({ user: { ...user, collection: 'users' } }, payload)
  await inTransaction(req, async () => {
    const doc = await payload.create({
      collection: 'audit-log',
      data: {
        action: 'bench',
        user: user.id,
        timestamp: new Date().toISOString(),
        data: { index },
      },
      req,
      overrideAccess: true,
    })
    await emitEvent({ req, type, data: { id: doc.id } })
  })
}

/**
 * p50 of `createWithEvent` for two event types measured alternately (so that drift in a noisy
 * machine hits both alike): one matched by no subscription, one by 10,000.
 */
async function p50CreateMs(iterations: number) {
  const times: Record<string, number[]> = { unmatched: [], matched: [] }
  for (let i = 0; i < iterations * 2 + 40; i++) {
    const kind = i % 2 === 0 ? 'unmatched' : 'matched'
    const started = performance.now()
    await createWithEvent(i, kind === 'matched' ? 'article.created' : 'comment.created')
    if (i >= 40) times[kind]!.push(performance.now() - started)
  }
  const p50 = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!
  return { unmatched: p50(times.unmatched!), matched: p50(times.matched!) }
}

const figures: string[] = []
try {
  // 1. Fan-out of one event to 10,000 matching subscriptions.
  await addSubscriptions(10_000, ['article.created'])
  const worker = await startWebhookWorker(payload, { pollMs: 1000 })
  await emitOne('order.created', { id: 1 }) // not matching: warms the path
  await emitOne('article.created', { id: 1 })
  const committed = performance.now()
  while ((await count(`SELECT count(*) FROM webhook_deliveries`)) < 10_000) await sleep(5)
  const fanOutMs = performance.now() - committed
  // Let the worker send them all before the next measurement.
  while ((await count(`SELECT count(*) FROM webhook_deliveries WHERE status <> 'succeeded'`)) > 0) {
    await sleep(200)
  }
  await worker.stop()

  // 3. Latency of a create whose event 10,000 subscriptions match, against one none matches,
  // measured alternately. The worker is stopped: fan-out happens later, outside the request,
  // and 300 events x 10,000 deliveries would only measure the receiver.
  const latency = await p50CreateMs(300)
  const p50Without = latency.unmatched
  const p50With = latency.matched
  await pool.query(`DELETE FROM webhook_outbox`)

  // 2. Throughput: 1,000 subscriptions, 10 events = 10,000 deliveries.
  await pool.query(`DELETE FROM webhook_deliveries`)
  await pool.query(`DELETE FROM webhook_subscriptions`)
  await addSubscriptions(1_000, ['order.paid'])
  const throughputWorker = await startWebhookWorker(payload, { pollMs: 1000 })
  const before = received
  const sendStarted = performance.now()
  const req = await createLocalReq({}, payload)
  await inTransaction(req, async () => {
    for (let id = 1; id <= 10; id++) await emitEvent({ req, type: 'order.paid', data: { id } })
  })
  while (
    (await count(`SELECT count(*) FROM webhook_deliveries WHERE status = 'succeeded'`)) < 10_000
  ) {
    await sleep(20)
  }
  const workerRate = 10_000 / ((performance.now() - sendStarted) / 1000)
  const workerReceived = received - before
  await throughputWorker.stop()

  // The ceiling: the same signed requests straight through undici, 50 at a time.
  const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
  const secret = generateSecret()
  let next = 0
  const directStarted = performance.now()
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < 10_000) {
        const index = next++
        const { body, headers } = buildDeliveryRequest({
          eventId: `evt_${index}`,
          type: 'order.paid',
          occurredAt: new Date(),
          data: { id: index },
          secrets: [secret],
          now: new Date(),
        })
        const response = await request(`${receiverUrl}/hook/${index % 1000}`, {
          method: 'POST',
          headers,
          body,
          dispatcher: agent,
        })
        await response.body.text()
        if (response.statusCode !== 200) throw new Error(`direct send got ${response.statusCode}`)
      }
    }),
  )
  const directRate = 10_000 / ((performance.now() - directStarted) / 1000)
  await agent.close()

  figures.push(
    `| fan-out: commit of one event -> 10,000 delivery rows present | ${fanOutMs.toFixed(0)} ms | target <= 500 ms |`,
    `| delivery throughput, worker, 1,000 subscriptions, 10,000 deliveries | ${directRate ? workerRate.toFixed(0) : '?'} /s | ${((workerRate / directRate) * 100).toFixed(0)} % of ceiling (target >= 50 %) |`,
    `| ceiling: undici straight to the receiver, 50 in flight | ${directRate.toFixed(0)} /s | |`,
    `| create + emit in one transaction, p50, event type 0 subscriptions match | ${p50Without.toFixed(2)} ms | |`,
    `| create + emit in one transaction, p50, event type 10,000 subscriptions match | ${p50With.toFixed(2)} ms | ratio ${(p50With / p50Without).toFixed(2)} (target <= 1.2) |`,
  )
  console.log(`\nnpm run bench:webhooks, ${new Date().toISOString().slice(0, 10)}\n`)
  console.log('| measurement | figure | note |')
  console.log('|---|---:|---|')
  for (const line of figures) console.log(line)
  console.log(`\n(receiver got ${workerReceived} deliveries from the worker run)`)
} finally {
  await closePayload(payload)
  receiver.closeAllConnections()
  receiver.close()
  await sleep(200)
  await server.stop()
}
process.exit(0)
