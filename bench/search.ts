/**
 * `npm run bench:search`: search latency over 100,000 articles and 10,000 products for a
 * 3-letter query, through `GET /api/search` and `GET /api/v1/search` on the production build,
 * beside the bare SQL statement the endpoint runs (sent straight to PostgreSQL), in one run.
 */
import pg from 'pg'

import { searchCollections } from '../src/search/operations/searchCollections'
import { seedCredentials } from '../seed/identities'
import { insertArticles } from '../tests/helpers/articles'
import { startApp } from '../tests/helpers/startApp'
import { containsPattern } from '@/search/containsPattern'
import { sequentialLatency } from './lib/latency'

/** A common 3-letter query (lamp, clamp: thousands of rows) and a rare one (quartz: a hundred). */
const queries = ['lam', 'rtz']
const app = await startApp({ env: { RATE_LIMIT_DEFAULT: '100000000/60' } })
try {
  const pool = new pg.Pool({ connectionString: app.databaseUrl })
  const { rows: authors } = await pool.query<{ id: number }>('SELECT id FROM authors LIMIT 1')
  await insertArticles(pool, { count: 100_000, authorId: authors[0]!.id, prefix: 'search' })
  // Titles with varied words, so that a 3-letter query matches some rows, not all.
  const words = ['lamp', 'table', 'chair', 'blanket', 'glass', 'clamp', 'shelf', 'mirror']
  await pool.query(
    `UPDATE articles_locales SET title = initcap(($1::text[])[1 + _parent_id % 8]) || ' ' || _parent_id,
       excerpt = 'About ' || ($1::text[])[1 + (_parent_id / 8) % 8]`,
    [words],
  )
  await pool.query(
    `WITH inserted AS (
       INSERT INTO products (slug, price, stock, active, created_at, updated_at)
       SELECT 'bench-product-' || n, 10 + n % 500, 100, n % 10 <> 0, now(), now()
       FROM generate_series(1, 10000) AS n
       RETURNING id, slug
     )
     INSERT INTO products_locales (name, description, _locale, _parent_id)
     SELECT initcap(($1::text[])[1 + n % 8]) || ' model ' || n,
            'A ' || ($1::text[])[1 + (n / 8) % 8] || ' for every room', 'en', i.id
     FROM inserted i, substr(i.slug, 15)::integer AS n`,
    [words],
  )
  await pool.query(
    `UPDATE articles_locales SET title = 'Quartz clock ' || _parent_id WHERE _parent_id % 1000 = 0`,
  )
  await pool.query(
    `UPDATE products_locales SET name = 'Quartz clock ' || _parent_id WHERE _parent_id % 1000 = 0`,
  )
  await pool.query('VACUUM ANALYZE')

  const apiKey = { 'x-api-key': seedCredentials().consumerApiKey }
  const httpCall =
    (path: string, headers: Record<string, string> = {}) =>
    async () => {
      const response = await fetch(`${app.baseUrl}${path}`, { headers })
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
      await response.arrayBuffer()
    }
  // The statement searchCollections builds, captured by running it against a recording pool.
  let statement = ''
  const recorder = {
    db: { pool: { query: async (text: string) => ((statement = text), { rows: [] }) } },
  }
  await searchCollections({
    payload: recorder as never,
    query: 'any',
    targets: ['articles', 'products', 'pages'],
    canSeeUnpublished: false,
    serverUrl: 'http://localhost:3000',
    naming: 'payload',
    read: { locale: 'en' },
  })
  const results: [string, Awaited<ReturnType<typeof sequentialLatency>>][] = []
  const matchCounts: string[] = []
  for (const query of queries) {
    const pattern = containsPattern(query)
    const { rows } = await pool.query(
      `SELECT (SELECT count(*) FROM articles_locales WHERE _locale = 'en' AND (title ILIKE $1 OR excerpt ILIKE $1)) AS articles,
              (SELECT count(*) FROM products_locales WHERE _locale = 'en' AND (name ILIKE $1 OR description ILIKE $1)) AS products`,
      [pattern],
    )
    matchCounts.push(
      `"${query}" matches ${rows[0].articles} articles and ${rows[0].products} products`,
    )
    results.push([
      `"${query}": bare SQL (the UNION ALL the endpoint runs)`,
      await sequentialLatency(async () => {
        await pool.query(statement, [pattern, 'en'])
      }),
    ])
    results.push([
      `"${query}": GET /api/search?q=${query}`,
      await sequentialLatency(httpCall(`/api/search?q=${query}`)),
    ])
    results.push([
      `"${query}": GET /api/v1/search?q=${query}&collections=articles,products`,
      await sequentialLatency(
        httpCall(`/api/v1/search?q=${query}&collections=articles,products`, apiKey),
      ),
    ])
  }
  await pool.end()
  console.log(
    `\nnpm run bench:search, ${new Date().toISOString().slice(0, 10)}: 100,000 articles, 10,000 products; ` +
      `${matchCounts.join('; ')}; 400 sequential calls each\n`,
  )
  console.log('| what | p50 ms | p95 ms | mean ms |\n|---|---:|---:|---:|')
  for (const [name, figures] of results) {
    console.log(`| ${name} | ${figures.p50} | ${figures.p95} | ${figures.mean} |`)
  }
} finally {
  await app.stop()
}
process.exit(0)
