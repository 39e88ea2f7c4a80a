/**
 * `npm run bench:search`: search latency over 100,000 articles and 10,000 products, each in
 * English and Russian (`-- <articles> <products>` for a smaller set), for a mixed set of queries
 * (one word, two words, a typo, a prefix, Russian word forms, a partial match, no hit): `GET
 * /api/search` called in-process (Payload's REST handler with a `Request`, as Next.js calls it),
 * the operation behind it (`searchCollections`: its statements), and the substring search it
 * replaced (its one statement, `bench/lib/substringSearch.ts`) on the same data. Then what the index costs: its
 * size, the time to build it, and the time a write spends keeping it.
 *
 * On the embedded PostgreSQL in a throwaway directory, or on `DATABASE_URL` (a database of its
 * own: the bench fills it).
 */
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { startEmbeddedPostgres } from '../scripts/lib/embeddedPostgres'
import { sequentialLatency } from './lib/latency'

const articleCount = Number(process.argv[2] ?? 100_000)
const productCount = Number(process.argv[3] ?? 10_000)
/** Sequential calls measured per query and way, after 20 to warm up. */
const runs = 200

const cluster = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'bench-search-')),
      isThrowaway: true,
      isUndurable: true,
    })
if (cluster) {
  await cluster.ensureDatabase('bench_search')
  process.env.DATABASE_URL = cluster.urlFor('bench_search')
}
process.env.PAYLOAD_SECRET ||= 'bench-search'
process.env.RATE_LIMIT_DEFAULT = '100000000/60'
process.env.RATE_LIMIT_EDITORS = '100000000/60'
// The search itself is measured, not the answer cache (which would answer every call after the first).
process.env.ANSWER_CACHE = 'off'
const [
  { default: config },
  { getPayload },
  { restJson },
  { insertArticles, createAuthor },
  { searchCollections },
  { rebuildSearchIndex, refreshSearchEntries },
  { substringStatement },
  { closePayload },
] = await Promise.all([
  import('@payload-config'),
  import('payload'),
  import('../tests/helpers/rest'),
  import('../tests/helpers/articles'),
  import('../src/search/operations/searchCollections'),
  import('../src/search/operations/refreshSearchEntries'),
  import('./lib/substringSearch'),
  import('../src/db/closePayload'),
])
const payload = await getPayload({ config })
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
try {
  // Text made of a few dozen words, so that a word matches some rows, not all.
  const english: string[] =
    `lamp table chair blanket glass clamp shelf mirror copper enamel mug kettle
    wooden linen towel candle teapot bottle steel canvas leather notebook woollen pillow basket
    ceramic bowl plate spoon brass vase rug curtain drawer cabinet stool bench frame clock quartz`.split(
      /\s+/,
    )
  const russian: string[] =
    `лампа стол стул плед стакан зажим полка зеркало медный эмалированная кружка
    чайник деревянный льняное полотенце свеча заварочный бутылка стальной холщовая кожаный блокнот
    шерстяной подушка корзина керамическая миска тарелка ложка латунная ваза ковёр занавеска ящик
    шкаф табурет скамья рамка часы кварц`.split(/\s+/)
  // A thousand made-up words beside them in each language, so that the vocabulary is not forty
  // words (with forty, PostgreSQL's statistics called any word common and scanned for it).
  const made = (syllables: string[]) =>
    syllables.flatMap((a) => syllables.flatMap((b) => syllables.map((c) => a + b + c)))
  english.push(...made(['ba', 'ko', 'mi', 'ran', 'tel', 'su', 'vor', 'di', 'pe', 'lun']))
  russian.push(...made(['ба', 'ко', 'ми', 'ран', 'тел', 'су', 'вор', 'ди', 'пе', 'лун']))
  const phrase = (words: string, count: number, seed: string) =>
    `(SELECT string_agg((${words})[1 + ((${seed}) * (k * 7 + 3) + k * k) % array_length(${words}, 1)], ' ')
      FROM generate_series(1, ${count}) AS k)`
  const begun = Date.now()
  const authorId = await createAuthor(payload, 'Bench author')
  await insertArticles(pool, {
    count: articleCount,
    authorId,
    prefix: 'search',
    translations: ['ru'],
  })
  await pool.query(
    `UPDATE articles_locales SET
       title = initcap(${phrase('$1::text[]', 3, '_parent_id')}),
       excerpt = ${phrase('$1::text[]', 10, '_parent_id + 1')},
       body = jsonb_build_object('root', jsonb_build_object('type', 'root', 'children',
         jsonb_build_array(jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(
           jsonb_build_object('type', 'text', 'text', ${phrase('$1::text[]', 40, '_parent_id + 2')}))))))
     WHERE _locale = 'en'`,
    [english],
  )
  await pool.query(
    `UPDATE articles_locales SET
       title = initcap(${phrase('$1::text[]', 3, '_parent_id')}),
       excerpt = ${phrase('$1::text[]', 10, '_parent_id + 1')},
       body = jsonb_build_object('root', jsonb_build_object('type', 'root', 'children',
         jsonb_build_array(jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(
           jsonb_build_object('type', 'text', 'text', ${phrase('$1::text[]', 40, '_parent_id + 2')}))))))
     WHERE _locale = 'ru'`,
    [russian],
  )
  await pool.query(
    `WITH inserted AS (
       INSERT INTO products (slug, price, stock, active, created_at, updated_at)
       SELECT 'bench-product-' || n, 10 + n % 500, 100, n % 10 <> 0, now(), now()
       FROM generate_series(1, $3::integer) AS n
       RETURNING id
     )
     INSERT INTO products_locales (name, description, _locale, _parent_id)
     SELECT initcap(${phrase('$1::text[]', 2, 'i.id')}), ${phrase('$1::text[]', 8, 'i.id + 1')}, 'en'::_locales, i.id
     FROM inserted i
     UNION ALL
     SELECT initcap(${phrase('$2::text[]', 2, 'i.id')}), ${phrase('$2::text[]', 8, 'i.id + 1')}, 'ru'::_locales, i.id
     FROM inserted i`,
    [english, russian, productCount],
  )
  const inserted = Date.now() - begun
  const db = (payload.db as unknown as { drizzle: Parameters<typeof rebuildSearchIndex>[0]['db'] })
    .drizzle
  const locales = ['en', 'ru'] as const
  const indexing = Date.now()
  await rebuildSearchIndex({ db, locales })
  const indexed = Date.now() - indexing
  await pool.query('VACUUM ANALYZE')

  // What the index costs in size, beside the text it indexes (with its trigram indexes).
  const { rows: sizes } = await pool.query<Record<string, string>>(
    `SELECT pg_size_pretty(pg_total_relation_size('search_entries')) AS entries,
            pg_size_pretty(pg_indexes_size('search_entries')) AS "entries' indexes",
            pg_size_pretty(pg_total_relation_size('search_words')) AS words,
            (SELECT count(*) FROM search_words)::text AS "known words",
            pg_size_pretty(pg_total_relation_size('articles_locales')
              + pg_total_relation_size('products_locales')) AS "articles' and products' text"`,
  )
  // A write's share: the hook's statements for one article (its entries in both locales, its words).
  const { rows: ids } = await pool.query<{ id: number }>(
    'SELECT id FROM articles ORDER BY random() LIMIT 420',
  )
  let next = 0
  const refresh = await sequentialLatency(
    () =>
      refreshSearchEntries({
        db,
        target: 'articles',
        locales,
        ids: [ids[next++ % ids.length]!.id],
      }),
    400,
  )
  let created = 0
  const create = await sequentialLatency(async () => {
    await payload.create({
      collection: 'articles',
      data: {
        title: `Copper lamp ${created++}`,
        excerpt: 'A lamp of copper for the desk',
        slug: `bench-create-${created}`,
        _status: 'published',
        author: authorId,
      },
    })
  }, 200)

  const queries: { label: string; q: string; locale: 'en' | 'ru' }[] = [
    { label: 'one word', q: 'lamp', locale: 'en' },
    { label: 'two words', q: 'copper kettle', locale: 'en' },
    { label: 'a typo', q: 'blankte', locale: 'en' },
    { label: 'a prefix', q: 'mirr', locale: 'en' },
    { label: 'Russian forms', q: 'медные чайники', locale: 'ru' },
    { label: 'Russian, one word', q: 'кружки', locale: 'ru' },
    { label: 'partial in a word', q: 'amp', locale: 'en' },
    { label: 'no hit', q: 'zyzzyva', locale: 'en' },
  ]
  const rows: string[] = []
  for (const { label, q, locale } of queries) {
    const read = { locale, fallbackLocale: locale === 'en' ? undefined : 'en' }
    const targets = ['articles', 'products', 'pages'] as const
    const answer = await restJson('GET', `/api/search?q=${encodeURIComponent(q)}&locale=${locale}`)
    if (answer.status !== 200) throw new Error(`${q} answered ${answer.status}`)
    const counts = answer.body.counts as Record<string, number>
    const api = await sequentialLatency(async () => {
      await restJson('GET', `/api/search?q=${encodeURIComponent(q)}&locale=${locale}`)
    }, runs)
    const operation = await sequentialLatency(async () => {
      await searchCollections({
        payload,
        query: q,
        targets,
        canSeeUnpublished: false,
        naming: 'payload',
        serverUrl: 'http://localhost:3000',
        read,
      })
    }, runs)
    const old = substringStatement({ query: q, targets, read })
    const substring = await sequentialLatency(async () => {
      await pool.query(old.text, old.params)
    }, runs)
    rows.push(
      `| ${label}: "${q}" (${locale}) | ${counts.posts}/${counts.products} | ${api.p50} | ${api.p95} | ${operation.p50} | ${operation.p95} | ${substring.p50} | ${substring.p95} |`,
    )
  }

  console.log(
    `\nnpm run bench:search, ${new Date().toISOString().slice(0, 16)} UTC: ${articleCount} articles and ${productCount} products in en and ru (inserted in ${inserted} ms, indexed by rebuildSearchIndex in ${indexed} ms); ${runs} sequential calls each after 20\n`,
  )
  console.log(
    '| query | matches (articles/products) | API p50 ms | API p95 ms | operation p50 | operation p95 | substring SQL p50 | substring SQL p95 |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const row of rows) console.log(row)
  console.log('\n| index | size |\n|---|---:|')
  for (const [name, value] of Object.entries(sizes[0]!)) console.log(`| ${name} | ${value} |`)
  console.log(
    `\nA write's share: refreshing one article's entries (2 locales, ~50 words each) p50 ${refresh.p50} ms, p95 ${refresh.p95} ms; a Local API create of an article (with it) p50 ${create.p50} ms, p95 ${create.p95} ms`,
  )
} finally {
  await pool.end()
  // Payload's pool closed before the database stops: an idle client told of the stop otherwise
  // ended the process with an unhandled error after the figures.
  await closePayload(payload)
  await cluster?.stop()
}
process.exit(0)
