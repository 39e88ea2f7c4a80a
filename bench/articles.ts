/**
 * `npm run bench:articles`: the public article list against Payload's own list, over 100,000
 * articles (each with two tags), with an API key. Payload's `GET /api/articles?limit=20&depth=1`
 * populates authors and tags as the v1 list with `include=author,tags` does. Every article has
 * its text in English (the default locale) and Russian: the v1 lists are measured in both.
 * First, before the bulk insert, it times article creates by an editor one after another
 * (`POST /api/v1/articles` and Payload's `POST /api/articles`): what each write costs, the
 * audit trail's entry included.
 */
import pg from 'pg'

import { seedCredentials } from '../seed/identities'
import { insertArticles } from '../tests/helpers/articles'
import { startApp } from '../tests/helpers/startApp'
import { sequentialLatency } from './lib/latency'
import { measure, printTable } from './lib/measure'

const articleCount = 100_000
const app = await startApp({
  env: { RATE_LIMIT_DEFAULT: '100000000/60', RATE_LIMIT_EDITORS: '100000000/60' },
})
try {
  const pool = new pg.Pool({ connectionString: app.databaseUrl })
  const started = Date.now()
  const { rows: authors } = await pool.query<{ id: number }>('SELECT id FROM authors LIMIT 1')
  const { rows: tags } = await pool.query<{ id: number }>('SELECT id FROM tags LIMIT 2')
  await measureCreates(app.baseUrl, authors[0]!.id)
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
  const figures = await measure(app.baseUrl, [
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
  ])
  console.log(
    `\nnpm run bench:articles, ${new Date().toISOString().slice(0, 10)}, ${articleCount} articles, autocannon -c 10 -d 8\n`,
  )
  printTable(figures, 'Payload GET /api/articles?limit=20&depth=1')
} finally {
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
    300,
  )
  const rest = await sequentialLatency(
    create('/api/articles', (n) => ({
      title: `Create ${n}`,
      slug: `create-${n}`,
      author: authorId,
    })),
    300,
  )
  console.log('\nArticle creates, one after another (300 each, after 20 warm-up):\n')
  console.log('| create | p50 ms | p95 ms | mean ms |')
  console.log('|---|---:|---:|---:|')
  console.log(`| POST /api/v1/articles | ${v1.p50} | ${v1.p95} | ${v1.mean} |`)
  console.log(`| Payload POST /api/articles | ${rest.p50} | ${rest.p95} | ${rest.mean} |`)
}
