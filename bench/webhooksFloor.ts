/**
 * `npm run bench:webhooks:floor`: what the least a durable delivery queue costs on this machine,
 * beside the undici ceiling that `bench:webhooks` compares the worker with. Issue 34 asks the
 * worker for 70 to 80 % of that ceiling; this measures how much of it a queue far simpler than
 * the engine reaches on the same machine, with the same receiver, the same signed requests and
 * the same 50 sends in flight:
 *
 * - a table of one narrow row per delivery (id, subscription, body, lease) with its primary key
 *   only, on a throwaway database of the server of `DATABASE_URL` (or an embedded one);
 * - claims of up to 40 rows at a time, one claim at a time, `FOR UPDATE SKIP LOCKED`, the
 *   lease written in the same statement (an update that stays HOT);
 * - each outcome batch one statement: delete the rows from the queue, insert them into a log.
 *
 * Nothing else the engine does: no per-endpoint cap, back-off, ordering, filters, fencing of
 * stale outcomes, attempt log, subscription counters, transactions of several statements. So the
 * figure is a floor for the engine's cost, not a design: if this reaches only X % of the
 * ceiling, the engine cannot pass X % on this machine by its queries alone.
 *
 * Three tables are measured with undici's plain request, as the ceiling sends: the least queue
 * above; the delivery log as the queue (claims and outcomes update each row, its status in the
 * predicates of the claim's indexes, so neither update is HOT); the same on a table with the
 * engine's columns and seven indexes (and an eighth, the plain claim's order by due time). The
 * first and the last run once more with the engine's own send (`sendDelivery`: signing, the
 * address policy, the deadline, the capped body, the verdict): the least queue with the engine's
 * send is the most any engine built on that send could reach here.
 *
 * The queues live in `bench/lib/floorQueue.ts`; `bench:webhooks` runs the least queue with the
 * engine's send in turn with the engine and prints engine ÷ floor. Here each round's rate counts
 * from the first claim (the fill and a `VACUUM ANALYZE` before it), and its CPU includes the fill,
 * as this bench always measured.
 *
 * Prints, for three rounds (each run followed by a run of the ceiling): rate, the share of the
 * ceiling, and the CPU a delivery in this process and in PostgreSQL (the bench's server only,
 * where it runs on this machine).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import pg from 'pg'

import { createDatabaseIfMissing } from '../scripts/lib/embeddedPostgres'
import { startTestServer } from '../tests/helpers/testDatabase'
import { sendAtCeiling } from './lib/ceiling'
import { cpuSpent, cpuTimes, postgresServerPid } from './lib/cpuTime'
import { engineShapedLog, floorQueue, leastQueue, logAsQueue } from './lib/floorQueue'

const deliveries = 10_000
const subscriptions = 1_000
const inFlight = 50
const claimSize = 40
const rounds = 3

const server = await startTestServer()
const database = `${server.prefix}_bench_webhooks_floor`
await createDatabaseIfMissing(server.adminUrl, database)
const pool = new pg.Pool({ connectionString: server.urlFor(database), max: 4 })
// The server's stop can reach a connection the pool's end has not closed yet ("terminating
// connection due to administrator command"): without a listener that error ended the run, code 1.
pool.on('error', () => {})

const receiver = createServer((req, res) => {
  req.resume()
  req.on('end', () => res.writeHead(200).end())
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
const floor = floorQueue({ pool, receiverUrl, deliveries, subscriptions, inFlight, claimSize })
const designs = [leastQueue, logAsQueue, engineShapedLog]

const perDelivery = (ms: number) => `${((ms / deliveries) * 1000).toFixed(0)} µs`
const lines: string[] = []
try {
  await floor.createTables(designs)
  const serverPid = await postgresServerPid(pool)
  const engineTable = engineShapedLog
  const runs = [
    ...designs.map((design) => ({ design, isEngineSend: false, name: design.name })),
    { design: leastQueue, isEngineSend: true, name: `${leastQueue.name}, the engine's send` },
    { design: engineTable, isEngineSend: true, name: `${engineTable.name}, the engine's send` },
  ]
  for (const run of runs) await floor.round(run.design, run.isEngineSend) // warm-up
  await sendAtCeiling({ receiverUrl, total: deliveries, inFlight, paths: subscriptions })
  for (let round = 1; round <= rounds; round++) {
    // Each run, then the ceiling, in turn: the machine's drift hits all alike.
    for (const run of runs) {
      const before = cpuTimes(serverPid)
      const rate = await floor.round(run.design, run.isEngineSend)
      const cpu = cpuSpent(before, cpuTimes(serverPid))
      const ceilingBefore = cpuTimes(serverPid)
      const ceilingRate = await sendAtCeiling({
        receiverUrl,
        total: deliveries,
        inFlight,
        paths: subscriptions,
      })
      const ceilingCpu = cpuSpent(ceilingBefore, cpuTimes(serverPid))
      lines.push(
        `| ${run.name} | ${round} | ${rate.toFixed(0)} /s | ${ceilingRate.toFixed(0)} /s | ` +
          `${((rate / ceilingRate) * 100).toFixed(0)} % | ${perDelivery(cpu.node)} + ` +
          `${perDelivery(cpu.postgres)} | ${perDelivery(ceilingCpu.node)} |`,
      )
    }
  }
  console.log(
    [
      '',
      `npm run bench:webhooks:floor, ${new Date().toISOString().slice(0, 16)} UTC: ` +
        `${deliveries.toLocaleString('en')} deliveries to ${subscriptions.toLocaleString('en')} ` +
        `paths, ${inFlight} in flight, claims of ${claimSize}`,
      '',
      "| queue | round | rate | undici ceiling, the run after | share | CPU a delivery (this process + PostgreSQL) | ceiling's CPU a delivery |",
      '|---|---:|---:|---:|---:|---:|---:|',
      ...lines,
    ].join('\n'),
  )
} finally {
  await pool.end()
  receiver.close()
  await server.stop()
}
