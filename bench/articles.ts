/**
 * `npm run bench:articles`: the public article list against Payload's own list, over 100,000
 * articles (each with two tags), with an API key. Payload's `GET /api/articles?limit=20&depth=1`
 * populates authors and tags as the v1 list with `include=author,tags` does. Every article has
 * its text in English (the default locale) and Russian: the v1 lists are measured in both.
 */
import pg from 'pg'

import { seedCredentials } from '../seed/identities'
import { insertArticles } from '../tests/helpers/articles'
import { startApp } from '../tests/helpers/startApp'
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
