/**
 * `npm run bench:articles`: the public article list against Payload's own list, over 100,000
 * articles (each with two tags), with an API key. Payload's `GET /api/articles?limit=20&depth=1`
 * populates authors and tags as the v1 list with `include=author,tags` does. Every article has
 * its text in English (the default locale) and Russian: the v1 lists are measured in both.
 * First, before the bulk insert, it times article creates by an editor one after another
 * (`POST /api/v1/articles` and Payload's `POST /api/articles`): what each write costs, the
 * audit trail's entry included.
 *
 * Then the answer cache, in alternating rounds (`BENCH_ROUNDS`, 3): the v1 list warm (its answer
 * in the first server's cache), cold (the same request to a second `npm start` on the same
 * database with `ANSWER_CACHE=off`: every answer computed), Payload's own `GET /api/articles?
 * limit=20&depth=1` and a constant JSON through the same Next server (`GET /api/health`, the
 * liveness probe: it asks nothing of the database), all with the same API key and limiter
 * settings; the ratios, and what the database wrote per request in each (`pg_stat_database`).
 *
 * Shorter runs: `BENCH_ARTICLES` (100000), `BENCH_SECONDS` (8 per scenario and round),
 * `BENCH_CREATES` (300), `BENCH_ROUNDS` (3).
 */
import pg from 'pg'

import { seedCredentials } from '../seed/identities'
import { insertArticles } from '../tests/helpers/articles'
import { startApp } from '../tests/helpers/startApp'
import { writesDuring } from './lib/databaseWrites'
import { sequentialLatency } from './lib/latency'
import { measure, measureOne, printTable, type Figures, type Scenario } from './lib/measure'

const articleCount = Number(process.env.BENCH_ARTICLES ?? 100_000)
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const creates = Number(process.env.BENCH_CREATES ?? 300)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const load = { connections: 10, seconds }
const limits = { RATE_LIMIT_DEFAULT: '100000000/60', RATE_LIMIT_EDITORS: '100000000/60' }
const app = await startApp({ env: limits })
let cold: Awaited<ReturnType<typeof startApp>> | undefined
try {
  const pool = new pg.Pool({ connectionString: app.databaseUrl })
  const started = Date.now()
  const { rows: authors } = await pool.query<{ id: number }>('SELECT id FROM authors LIMIT 1')
  const { rows: tags } = await pool.query<{ id: number }>('SELECT id FROM tags LIMIT 2')
  // BENCH_CREATES=0 skips the creates (sequentialLatency would time none and print NaN).
  if (creates > 0) await measureCreates(app.baseUrl, authors[0]!.id)
  await insertArticles(pool, {
    count: articleCount,
    authorId: authors[0]!.id,
    prefix: 'bench',
    tagIds: tags.map((tag) => tag.id),
    // Every article in Russian too, so that ?locale=ru reads its own text.
    translations: ['ru'],
  })
  await pool.query('VACUUM ANALYZE')
  const { rows: bounds } = await pool.query<{ total: number; nearEnd: number }>(
    `SELECT count(*)::integer AS total,
            (SELECT id FROM articles WHERE _status = 'published' ORDER BY id DESC OFFSET 40 LIMIT 1) AS "nearEnd"
     FROM articles WHERE _status = 'published'`,
  )
  await pool.end()
  const { total, nearEnd } = bounds[0]!
  const lastPage = Math.ceil(total / 20)
  console.log(`Inserted ${articleCount} articles in ${Date.now() - started} ms; ${total} published`)

  const headers = { 'x-api-key': seedCredentials().consumerApiKey }
  const figures = await measure(
    app.baseUrl,
    [
      {
        name: 'Payload GET /api/articles?limit=20&depth=1',
        path: '/api/articles?limit=20&depth=1',
        headers,
        expectStatus: 200,
      },
      {
        name: 'v1 first page, per_page=20&include=author,tags',
        path: '/api/v1/articles?per_page=20&include=author,tags',
        headers,
        expectStatus: 200,
      },
      {
        name: `v1 offset page ${lastPage - 1} of ${lastPage}`,
        path: `/api/v1/articles?per_page=20&page=${lastPage - 1}&include=author,tags`,
        headers,
        expectStatus: 200,
      },
      {
        name: 'v1 first page, per_page=20&include=author,tags&locale=ru',
        path: '/api/v1/articles?per_page=20&include=author,tags&locale=ru',
        headers,
        expectStatus: 200,
      },
      {
        name: 'v1 keyset first page, limit=20',
        path: '/api/v1/articles?limit=20&include=author,tags',
        headers,
        expectStatus: 200,
      },
      {
        name: 'v1 keyset first page, limit=20&locale=ru',
        path: '/api/v1/articles?limit=20&include=author,tags&locale=ru',
        headers,
        expectStatus: 200,
      },
      {
        name: `v1 keyset page near the end, after_id=${nearEnd}`,
        path: `/api/v1/articles?limit=20&after_id=${nearEnd}&include=author,tags`,
        headers,
        expectStatus: 200,
      },
    ],
    load,
  )
  console.log(
    `\nnpm run bench:articles, ${new Date().toISOString().slice(0, 10)}, ${articleCount} articles, autocannon -c 10 -d ${seconds}\n`,
  )
  printTable(figures, 'Payload GET /api/articles?limit=20&depth=1')

  cold = await startApp({ env: { ...limits, ANSWER_CACHE: 'off' }, reuse: app })
  await measureAnswerCache({
    warmUrl: app.baseUrl,
    coldUrl: cold.baseUrl,
    headers,
    databaseUrl: app.databaseUrl,
  })
} finally {
  await cold?.stop({ keepDatabase: true })
  await app.stop()
}
process.exit(0)

/** Sequential creates of draft articles by the seeded editor, through v1 and Payload's REST. */
async function measureCreates(baseUrl: string, authorId: number) {
  const { editorEmail, editorPassword } = seedCredentials()
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: editorEmail, password: editorPassword }),
  })
  const { token } = (await login.json()) as { token: string }
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  let serial = 0
  const create = (path: string, body: (n: number) => object) => async () => {
    serial += 1
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body(serial)),
    })
    if (response.status !== 201) throw new Error(`${path}: ${response.status}`)
    await response.arrayBuffer()
  }
  const v1 = await sequentialLatency(
    create('/api/v1/articles', (n) => ({
      title: `Create ${n}`,
      slug: `create-${n}`,
      author_id: authorId,
    })),
    creates,
  )
  const rest = await sequentialLatency(
    create('/api/articles', (n) => ({
      title: `Create ${n}`,
      slug: `create-${n}`,
      author: authorId,
    })),
    creates,
  )
  console.log(`\nArticle creates, one after another (${creates} each, after 20 warm-up):\n`)
  console.log('| create | p50 ms | p95 ms | mean ms |')
  console.log('|---|---:|---:|---:|')
  console.log(`| POST /api/v1/articles | ${v1.p50} | ${v1.p95} | ${v1.mean} |`)
  console.log(`| Payload POST /api/articles | ${rest.p50} | ${rest.p95} | ${rest.mean} |`)
}

/**
 * The answer cache's figures: each round runs every scenario once, in the same order, so that
 * the machine's load drifts alike over all of them; req/s is the mean over the rounds, and the
 * writes are summed over them.
 */
async function measureAnswerCache(args: {
  warmUrl: string
  coldUrl: string
  headers: Record<string, string>
  databaseUrl: string
}) {
  const list = '/api/v1/articles?per_page=20'
  const scenarios: { key: string; baseUrl: string; scenario: Scenario }[] = [
    {
      key: 'payload',
      baseUrl: args.warmUrl,
      scenario: {
        name: 'Payload GET /api/articles?limit=20&depth=1',
        path: '/api/articles?limit=20&depth=1',
        headers: args.headers,
        expectStatus: 200,
      },
    },
    {
      key: 'warm',
      baseUrl: args.warmUrl,
      scenario: {
        name: `v1 ${list}, warm cache`,
        path: list,
        headers: args.headers,
        expectStatus: 200,
      },
    },
    {
      key: 'cold',
      baseUrl: args.coldUrl,
      scenario: {
        name: `v1 ${list}, cold (ANSWER_CACHE=off server)`,
        path: list,
        headers: args.headers,
        expectStatus: 200,
      },
    },
    {
      key: 'constant',
      baseUrl: args.warmUrl,
      scenario: {
        name: 'constant JSON, GET /api/health',
        path: '/api/health',
        headers: args.headers,
        expectStatus: 200,
      },
    },
  ]
  const pool = new pg.Pool({ connectionString: args.databaseUrl, max: 1 })
  const perScenario = new Map<
    string,
    { figures: Figures[]; tuples: number; commits: number; wal: number; requests: number }
  >()
  try {
    // The second server has just started: its first seconds load its routes and warm the
    // JIT, which the first server did over the table above. One unmeasured run of its list
    // first, or the first round measures that start rather than the uncached list.
    const cold = scenarios.find(({ key }) => key === 'cold')!
    await measureOne(cold.baseUrl, cold.scenario, load)
    for (let round = 1; round <= rounds; round++) {
      for (const { key, baseUrl, scenario } of scenarios) {
        let figures: Figures | undefined
        const { writes } = await writesDuring(pool, async () => {
          figures = await measureOne(baseUrl, scenario, load)
        })
        const entry = perScenario.get(key) ?? {
          figures: [],
          tuples: 0,
          commits: 0,
          wal: 0,
          requests: 0,
        }
        entry.figures.push(figures!)
        entry.tuples += writes.tuplesWritten
        entry.commits += writes.commits
        entry.wal += writes.walBytes
        entry.requests += figures!.requests ?? 0
        perScenario.set(key, entry)
        console.log(`round ${round}: ${scenario.name}: ${figures!.requestsPerSecond} req/s`)
      }
    }
  } finally {
    await pool.end()
  }
  const mean = (key: string) => {
    const { figures } = perScenario.get(key)!
    return figures.reduce((sum, figure) => sum + figure.requestsPerSecond, 0) / figures.length
  }
  console.log(
    `\nAnswer cache, ${rounds} alternating rounds, autocannon -c ${load.connections} -d ${seconds}, same API key and limits:\n`,
  )
  console.log(
    '| scenario | req/s (mean) | p50 ms | p99 ms | rows written / request | commits / request | WAL bytes / request |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|')
  for (const { key, scenario } of scenarios) {
    const entry = perScenario.get(key)!
    const last = entry.figures.at(-1)!
    const per = (value: number) => (entry.requests ? (value / entry.requests).toFixed(4) : '-')
    console.log(
      `| ${scenario.name} | ${Math.round(mean(key))} | ${last.p50} | ${last.p99} | ${per(entry.tuples)} | ${per(entry.commits)} | ${per(entry.wal)} |`,
    )
  }
  const ratio = (a: string, b: string) => (mean(a) / mean(b)).toFixed(2)
  console.log(`\nv1 warm / Payload: ${ratio('warm', 'payload')}x (acceptance: >= 3)`)
  console.log(`v1 cold / Payload: ${ratio('cold', 'payload')}x (acceptance: >= 2)`)
  console.log(`v1 warm / constant JSON: ${ratio('warm', 'constant')} (acceptance: >= 0.8)`)
  console.log(
    'Writes are database-wide over each measured run (both servers, their background loops and the rate-limit batches every RATE_LIMIT_SYNC_MS included): an upper bound of what the requests wrote.',
  )
}
