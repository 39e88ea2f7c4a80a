/**
 * `npm run bench:search:tail`: where the slowest calls of `GET /api/search` spend their time, on
 * a database `npm run bench:search` filled (`DATABASE_URL`, required: this script builds
 * nothing). The bench's eight queries are called in-process, round-robin, and each call is
 * split by what the machine says of it: the garbage collector's pauses (`perf_hooks`), the
 * event loop's busy time, and the kernel's scheduler statistics (`/proc/<pid>/schedstat`: time
 * on a CPU and time waiting for one) of this process's main thread and of every PostgreSQL
 * backend of the pool, beside each statement's round trip. The slowest 5 % of a query's calls
 * are then compared with its middle ones (p40 to p60).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { PerformanceObserver, performance } from 'node:perf_hooks'

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: a database bench:search filled')
process.env.PAYLOAD_SECRET ||= 'bench-search'
process.env.RATE_LIMIT_DEFAULT = '100000000/60'
process.env.RATE_LIMIT_EDITORS = '100000000/60'
process.env.ANSWER_CACHE = 'off'

const rounds = Number(process.argv[2] ?? 150)

const [{ default: config }, { getPayload }, { restJson }, { postgres }, { closePayload }] =
  await Promise.all([
    import('@payload-config'),
    import('payload'),
    import('../tests/helpers/rest'),
    import('../src/db/transaction'),
    import('../src/db/closePayload'),
  ])
const payload = await getPayload({ config })
const pool = postgres(payload).pool as unknown as {
  query: (...args: unknown[]) => Promise<unknown>
  _clients: { processID?: number }[]
}

/** Time on a CPU and time waiting for one, in ms, of a task (`/proc/<path>/schedstat`). */
const schedstat = (path: string) => {
  try {
    const [onCpu, waiting] = readFileSync(`/proc/${path}/schedstat`, 'utf8').split(' ').map(Number)
    return { onCpu: onCpu! / 1e6, waiting: waiting! / 1e6 }
  } catch {
    return { onCpu: 0, waiting: 0 }
  }
}
const mainThread = `self/task/${process.pid}`
const helperThreads = () =>
  readdirSync('/proc/self/task')
    .filter((tid) => tid !== String(process.pid))
    .map((tid) => `self/task/${tid}`)
const backends = () =>
  pool._clients.flatMap((client) => (client.processID ? [String(client.processID)] : []))
type Sample = Map<string, { onCpu: number; waiting: number }>
const read = (paths: string[]): Sample => new Map(paths.map((path) => [path, schedstat(path)]))
const sample = () => ({
  main: read([mainThread]),
  helpers: read(helperThreads()),
  postgres: read(backends()),
})
/** What the tasks present in both samples spent between them (a task that came or went is left out). */
const spent = (before: Sample, after: Sample) => {
  let onCpu = 0
  let waiting = 0
  for (const [path, end] of after) {
    const start = before.get(path)
    if (!start) continue
    onCpu += end.onCpu - start.onCpu
    waiting += end.waiting - start.waiting
  }
  return { onCpu, waiting }
}

// Every statement's round trip, as the pool sees it.
let statements: { start: number; end: number; text: string }[] = []
const query = pool.query.bind(pool)
pool.query = async (...args: unknown[]) => {
  const start = performance.now()
  try {
    return await query(...args)
  } finally {
    const first = args[0] as string | { text: string }
    const text = typeof first === 'string' ? first : first.text
    statements.push({ start, end: performance.now(), text })
  }
}

const pauses: { start: number; end: number; kind: number }[] = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    pauses.push({
      start: entry.startTime,
      end: entry.startTime + entry.duration,
      kind: (entry as PerformanceEntry & { detail: { kind: number } }).detail.kind,
    })
  }
}).observe({ entryTypes: ['gc'] })

const queries = [
  { q: 'lamp', locale: 'en' },
  { q: 'copper kettle', locale: 'en' },
  { q: 'blankte', locale: 'en' },
  { q: 'mirr', locale: 'en' },
  { q: 'медные чайники', locale: 'ru' },
  { q: 'кружки', locale: 'ru' },
  { q: 'amp', locale: 'en' },
  { q: 'zyzzyva', locale: 'en' },
]

type Call = {
  q: string
  wall: number
  start: number
  end: number
  gc: number
  busy: number
  mainCpu: number
  mainWaiting: number
  helpersCpu: number
  pgCpu: number
  pgWaiting: number
  statements: number
  /** Whether the call ran with this thread and its backends at a raised priority. */
  isRaised: boolean
  /** Each statement's round trip, named by what it reads. */
  trips: { name: string; ms: number }[]
  /** Time with at least one statement under way. */
  inStatements: number
}
const calls: Call[] = []
const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start))

const union = (spans: { start: number; end: number }[]) => {
  let covered = 0
  let reach = -Infinity
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.end <= reach) continue
    covered += span.end - Math.max(span.start, reach)
    reach = span.end
  }
  return covered
}

/** What a statement of a search is, from its text. */
const statementName = (text: string) => {
  const collection = /collection = '(\w+)'/.exec(text)?.[1] ?? /FROM "?(\w+)"? /.exec(text)?.[1]
  const kind = text.includes('WITH stem AS')
    ? 'word list'
    : text.includes('WITH words AS')
      ? 'gather'
      : text.includes('WITH ranked AS')
        ? 'walk'
        : text.includes('ts_headline')
          ? 'presentation'
          : `other: ${text.replace(/\s+/g, ' ').slice(0, 40)}`
  return `${kind} ${kind === 'word list' ? '' : (collection ?? '')}`.trim()
}

/**
 * With `--raise`, every other round runs this process's main thread (and its autogroup) and
 * the pool's backends at nice -10 (the others at 0): if the tail is this process waiting for a
 * CPU on the shared machine, the raised rounds' p95 falls towards their p50.
 */
const isRaising = process.argv.includes('--raise')
let isRaised = false
const raise = (isOn: boolean) => {
  isRaised = isOn
  const priority = isOn ? -10 : 0
  os.setPriority(0, priority)
  for (const pid of backends()) os.setPriority(Number(pid), priority)
  // With autogroups (`/proc/sys/kernel/sched_autogroup_enabled`), a task's nice weighs only
  // within its session's group: the group of this process is raised too (the backends' group
  // is the PostgreSQL server's, shared with other databases: left alone).
  try {
    writeFileSync('/proc/self/autogroup', String(priority))
  } catch {
    // No autogroups: the tasks' own nice values are what counts.
  }
}

const call = async ({ q, locale }: (typeof queries)[number], isMeasured: boolean) => {
  const before = sample()
  const elu = performance.eventLoopUtilization()
  statements = []
  const start = performance.now()
  const answer = await restJson('GET', `/api/search?q=${encodeURIComponent(q)}&locale=${locale}`)
  const end = performance.now()
  const busy = performance.eventLoopUtilization(elu)
  const after = sample()
  if (answer.status !== 200) throw new Error(`${q} answered ${answer.status}`)
  if (!isMeasured) return
  calls.push({
    q,
    wall: end - start,
    start,
    end,
    gc: 0,
    busy: busy.active,
    mainCpu: spent(before.main, after.main).onCpu,
    mainWaiting: spent(before.main, after.main).waiting,
    helpersCpu: spent(before.helpers, after.helpers).onCpu,
    pgCpu: spent(before.postgres, after.postgres).onCpu,
    pgWaiting: spent(before.postgres, after.postgres).waiting,
    isRaised,
    statements: statements.length,
    trips: statements.map((s) => ({ name: statementName(s.text), ms: s.end - s.start })),
    inStatements: union(statements),
  })
}

try {
  for (let round = 0; round < 10; round++) for (const q of queries) await call(q, false)
  const memory = process.memoryUsage()
  for (let round = 0; round < rounds; round++) {
    if (isRaising) raise(round % 2 === 1)
    for (const q of queries) await call(q, true)
  }
  if (isRaising) raise(false)
  await new Promise((resolve) => setTimeout(resolve, 100))
  for (const c of calls) c.gc = pauses.reduce((sum, pause) => sum + overlap(c, pause), 0)

  const round2 = (value: number) => Math.round(value * 10) / 10
  const mean = (list: Call[], key: keyof Call) =>
    round2(list.reduce((sum, c) => sum + (c[key] as number), 0) / Math.max(1, list.length))
  const columns: (keyof Call)[] = [
    'wall',
    'gc',
    'busy',
    'mainCpu',
    'mainWaiting',
    'helpersCpu',
    'inStatements',
    'pgCpu',
    'pgWaiting',
  ]
  console.log(
    `\nsearch tail, ${new Date().toISOString().slice(0, 16)} UTC, ${rounds} rounds of ${queries.length} queries after 10; heap used ${Math.round(memory.heapUsed / 1e6)} MB of ${Math.round(memory.heapTotal / 1e6)} MB, rss ${Math.round(memory.rss / 1e6)} MB; GC pauses during the rounds: ${pauses.length}, ${round2(pauses.reduce((s, p) => s + p.end - p.start, 0))} ms\n`,
  )
  console.log(`| query | calls | ${columns.join(' | ')} |`)
  console.log(`|---|---|${columns.map(() => '---:').join('|')}|`)
  for (const { q } of queries) {
    const mine = calls.filter((c) => c.q === q).sort((a, b) => a.wall - b.wall)
    const middle = mine.slice(Math.floor(mine.length * 0.4), Math.ceil(mine.length * 0.6))
    const slowest = mine.slice(Math.floor(mine.length * 0.95))
    for (const [name, list] of [
      ['p40-p60', middle],
      ['slowest 5 %', slowest],
    ] as const) {
      console.log(
        `| ${q} | ${name} (${list.length}) | ${columns.map((key) => mean(list, key)).join(' | ')} |`,
      )
    }
  }
  console.log(
    '\n| query | calls | statements (mean round trip ms, middle calls / slowest 5 %) |\n|---|---|---|',
  )
  for (const { q } of queries) {
    const mine = calls.filter((c) => c.q === q).sort((a, b) => a.wall - b.wall)
    const trips = (list: Call[]) => {
      const byName = new Map<string, number[]>()
      for (const c of list)
        for (const t of c.trips) byName.set(t.name, [...(byName.get(t.name) ?? []), t.ms])
      return byName
    }
    const middle = trips(mine.slice(Math.floor(mine.length * 0.4), Math.ceil(mine.length * 0.6)))
    const slowest = trips(mine.slice(Math.floor(mine.length * 0.95)))
    const avg = (list: number[] | undefined) =>
      list ? round2(list.reduce((a, b) => a + b, 0) / list.length) : '-'
    console.log(
      `| ${q} | ${mine.length} | ${[...middle.keys()].map((name) => `${name} ${avg(middle.get(name))} / ${avg(slowest.get(name))}`).join('; ')} |`,
    )
  }
  if (isRaising) {
    console.log(
      '\n| query | at nice 0: p50 / p95 ms | at nice -10: p50 / p95 ms |\n|---|---:|---:|',
    )
    const percentiles = (list: Call[]) => {
      const sorted = list.map((c) => c.wall).sort((a, b) => a - b)
      const at = (quantile: number) =>
        round2(sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!)
      return `${at(0.5)} / ${at(0.95)}`
    }
    for (const { q } of queries) {
      const mine = calls.filter((c) => c.q === q)
      console.log(
        `| ${q} | ${percentiles(mine.filter((c) => !c.isRaised))} | ${percentiles(mine.filter((c) => c.isRaised))} |`,
      )
    }
  }
  const all = [...calls].sort((a, b) => a.wall - b.wall)
  const slow = all.slice(Math.floor(all.length * 0.95))
  console.log(
    `\nAll calls: p50 ${round2(all[Math.floor(all.length / 2)]!.wall)} ms; of the slowest 5 % (${slow.length}), ${slow.filter((c) => c.gc > 1).length} met a GC pause over 1 ms, ${all.filter((c) => c.gc > 1).length} of all ${all.length}`,
  )
} finally {
  await closePayload(payload)
}
process.exit(0)
