import type { Payload } from 'payload'
import { escapeLiteral, type Pool } from 'pg'

import { presentImage } from '@/media/image'
import { findImages } from '@/media/operations/findImages'

import { containsPattern } from '../containsPattern'
import { searchTargets, type SearchTargetName } from '../searchTargets'
import { searchEntriesTable } from '../schema/searchTables'
import { findCorrections } from './findCorrections'
import {
  exactText,
  isPrefixAt,
  queryTerms,
  queryWords,
  termText,
  type QueryTerm,
  type TermReading,
} from '../query/queryWords'
import { rankTiers, type RankTier } from '../query/rankTiers'
import { textSearchConfig } from '../query/textSearchConfig'
import { highlightStart, highlightStop } from '../query/highlight'
import { presentHighlight, type SearchHighlight } from '../query/presentHighlight'
import { postgres, type TransactionDb } from '@/db/transaction'
import { localizedText, type TextLocale } from '@/db/localizedText'

/** Records per collection, at most: search answers a handful, not pages. */
export const resultsPerCollection = 5

/** Matches counted per collection, at most (as Meilisearch's `maxTotalHits`): "1000" is "1000 or more". */
export const countedMatches = 1000

/** One hit: the collection it came from, its fields named for the caller's API, where it matched. */
export type SearchHit = {
  target: SearchTargetName
  record: Record<string, unknown>
  highlight: SearchHighlight
}

/** The hits of one page, and how many documents each searched collection has that match. */
export type SearchAnswer = { hits: SearchHit[]; counts: Partial<Record<SearchTargetName, number>> }

/** What the statements of one search share: its parameters and text search queries. */
type Search = {
  pool: Pool
  query: string
  terms: QueryTerm[]
  canSeeUnpublished: boolean
  naming: 'payload' | 'v1'
  read: TextLocale
}

const marks = `StartSel="${highlightStart}", StopSel="${highlightStop}"`
const titleHeadline = `HighlightAll=true, ${marks}`
const snippetHeadline = `MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … ", ${marks}`

/**
 * The documents of each target collection that match `query`, best first, five a page
 * (`page`, from 1), with how many match per collection (up to `countedMatches`). The rules
 * (docs/search.md, `rankTiers`):
 * - every word of the query must match, in any order, in the title, description or body (word
 *   forms through the locale's stemming, stop words too; the last word from two letters also as
 *   a prefix; one typo in a word of 5 letters, two from 9, against the locale's word list); a
 *   partial match of the whole query in the title or description (`%`, `_` and `\` literal)
 *   also finds a document, ranked below;
 * - order: fewer typos, the field (title, description, body), the exact phrase, then newest.
 * The tiers are walked in that order until the page is full, each an index scan (GIN) of the
 * search entries, so that a word in half the documents costs no ranking of half the documents.
 * Callers without the editor role find only what is public: published articles and pages,
 * active products. The text matched and answered is the one shown in `read`'s locale: its own,
 * or where it has none the default locale's. Each hit carries its image and highlight.
 */
export async function searchCollections(args: {
  payload: Payload
  query: string
  targets: readonly SearchTargetName[]
  canSeeUnpublished: boolean
  naming: 'payload' | 'v1'
  /** Where the caller reaches this deployment: image URLs are absolute. */
  serverUrl: string
  /** The locale matched and answered in, and the one that fills what it lacks. */
  read: TextLocale
  /** The page of each collection's hits, from 1. */
  page?: number
}): Promise<SearchAnswer> {
  if (!args.targets.length) return { hits: [], counts: {} }
  const pool = postgres(args.payload).pool
  const words = queryWords(args.query)
  const known = await findCorrections({
    pool,
    words,
    locale: args.read.locale,
    config: textSearchConfig(args.read.locale),
    prefix: words.length && isPrefixAt(words, words.length - 1) ? words.at(-1) : undefined,
  })
  const search: Search = {
    ...args,
    pool,
    terms: queryTerms(words, known.corrections, known.prefixLexemes),
  }
  const offset = Math.max(0, (args.page ?? 1) - 1) * resultsPerCollection
  const answers = await Promise.all(
    args.targets.map(async (target) => {
      const { page, total, rows } = await rankedPage(search, target, offset)
      return { target, count: total, hits: presentPage(search, target, page, rows) }
    }),
  )
  const hits = answers.flatMap((answer) => answer.hits)
  // The hits' images in one more query, as the API shows them.
  const images = await findImages(
    postgres(args.payload).drizzle as unknown as TransactionDb,
    hits.map((hit) => hit.record.image as number),
    args.read,
  )
  for (const hit of hits) {
    const row = images.get(hit.record.image as number)
    hit.record.image = row ? presentImage(row, args.serverUrl) : null
  }
  return {
    hits,
    counts: Object.fromEntries(answers.map((answer) => [answer.target, answer.count])),
  }
}

/**
 * Whether a read in `read` shows only the locale's own text (`fallback_locale=none` in another
 * locale than the default): entries holding some of the default locale's text are then not
 * searched by their words (their partial matches, on the locale's own text, still are).
 */
const isOwnTextOnly = (read: TextLocale) => read.fallbackLocale === undefined

/** Statement parameters, bound in order. */
class Parameters {
  readonly values: unknown[] = []
  /**
   * `placeholders`: each value bound as `$1`, `$2`…; `literal`: written into the statement,
   * escaped (`sqlLiteral`), for a statement sent as a simple query with others.
   */
  constructor(private readonly mode: 'placeholders' | 'literal' = 'placeholders') {}
  bind = (value: unknown) =>
    this.mode === 'literal' ? sqlLiteral(value) : `$${this.values.push(value)}`
}

/**
 * `value` as an SQL literal: a string escaped by `pg` (`escapeLiteral`), an integer, or an
 * array of either (`ARRAY[...]`, typed `text[]` or `integer[]`).
 */
function sqlLiteral(value: unknown): string {
  if (typeof value === 'string') return escapeLiteral(value)
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (Array.isArray(value)) {
    const isIntegers = value.length > 0 && value.every((item) => typeof item === 'number')
    return `(ARRAY[${value.map(sqlLiteral).join(', ')}]::${isIntegers ? 'integer' : 'text'}[])`
  }
  throw new TypeError(`No SQL literal for ${typeof value}`)
}

/** The text search queries of a search as SQL (`exact`, `typos`, `phrase`), over `params`. */
function textQueries(search: Search, params: Parameters) {
  const config = `${params.bind(textSearchConfig(search.read.locale))}::regconfig`
  // Each term read by the locale's configuration (word forms) and by `simple` (stop words).
  const every = (text: (term: QueryTerm, reading: TermReading) => string) => {
    const stemmed = params.bind(search.terms.map((term) => text(term, 'stemmed')))
    const written = params.bind(search.terms.map((term) => text(term, 'written')))
    return search.terms
      .map(
        (_, index) =>
          `(to_tsquery(${config}, (${stemmed}::text[])[${index + 1}])
            || to_tsquery('simple', (${written}::text[])[${index + 1}]))`,
      )
      .join(' && ')
  }
  return {
    config,
    exact: () => every(exactText),
    typos: () => every(termText),
    // The words one after the other (stop words leave a gap), and every word there.
    phrase: () =>
      `phraseto_tsquery(${config}, ${params.bind(search.terms.map((term) => term.word).join(' '))})
        && ${every(exactText)}`,
  }
}

/** The partial matches of the whole query in `target`'s title or description, as ids (SQL). */
function partialMatches(search: Search, target: SearchTargetName, params: Parameters) {
  const { read } = search
  const { table, matchColumns } = searchTargets[target]
  const locales = `${table}_locales`
  const pattern = params.bind(containsPattern(search.query))
  const locale = params.bind(read.locale)
  const matches = (alias: string) =>
    matchColumns.map((c) => `${alias}.${c} ILIKE ${pattern} ESCAPE '\\'`).join(' OR ')
  // The text shown in the locale: its own, and with a fallback the default locale's where it
  // has none (each side an index scan of the trigram indexes of the locales table).
  // The locale compared as text when the query has a trigram (three letters or digits in a row):
  // the locales table's index on it is then never read (a bitmap of the whole locale, ANDed with
  // the trigram bitmap, cost what the collection holds), the trigram bitmap's rows are filtered
  // instead. A shorter query has no trigram to look up: the locale's index is its way in.
  const hasTrigram = /[\p{L}\p{N}]{3}/u.test(search.query)
  const localeOf = (alias: string) => (hasTrigram ? `${alias}._locale::text` : `${alias}._locale`)
  const own = `SELECT l._parent_id FROM ${locales} l WHERE ${localeOf('l')} = ${locale} AND (${matches('l')})`
  if (read.fallbackLocale === undefined || read.fallbackLocale === read.locale) return own
  return `${own} UNION SELECT f._parent_id FROM ${locales} f LEFT JOIN ${locales} l
    ON l._parent_id = f._parent_id AND ${localeOf('l')} = ${locale}
    WHERE ${localeOf('f')} = ${params.bind(read.fallbackLocale)} AND (${matchColumns
      .map((c) => `(coalesce(l.${c}, '') = '' AND f.${c} ILIKE ${pattern} ESCAPE '\\')`)
      .join(' OR ')})`
}

/**
 * Whether the document of a partial match `p.id` may be found by the caller (SQL to join
 * after it): each match's document looked up by its primary key (a `LATERAL` subquery, so a
 * nested loop), so that the check costs what matches, not a hash of every public document of
 * the collection (20,000 articles read for 247 matches, measured). Nothing for editors.
 */
function partialVisibility(search: Search, target: SearchTargetName) {
  const { table, publicCondition } = searchTargets[target]
  if (search.canSeeUnpublished) return ''
  return `CROSS JOIN LATERAL (
    SELECT 1 FROM ${table} WHERE ${table}.id = p.id AND ${publicCondition} LIMIT 1) AS visible`
}

/**
 * The newest `limit` partial matches of `target` that the caller may find and that are not
 * in `except` (ids, SQL; all when left out), newest first: every match's id is sorted first,
 * then the documents are looked up newest first until `limit` are visible (a nested loop under
 * the `LIMIT`), so that a common substring costs the lookups of what is kept, not one per
 * match ("amp" at 100,000 articles: thousands of matches).
 */
function newestVisiblePartialMatches(
  search: Search,
  target: SearchTargetName,
  params: Parameters,
  except: string | undefined,
  limit: number,
) {
  const partial = partialMatches(search, target, params)
  return `SELECT p.id FROM (SELECT m.id FROM (${partial}) AS m(id)
      ${except === undefined ? '' : `WHERE m.id NOT IN (${except})`} ORDER BY m.id DESC OFFSET 0) AS p
    ${partialVisibility(search, target)}
    ORDER BY p.id DESC LIMIT ${limit}`
}

/** What one collection's tiers are matched with, written into its statements. */
function tierConditions(search: Search, target: SearchTargetName, params: Parameters) {
  const queries = search.terms.length ? textQueries(search, params) : undefined
  // Bound only when the words are searched: a query without words binds no locale here.
  const entries = !queries
    ? 'false'
    : `e.collection = '${target}' AND e.locale = ${params.bind(search.read.locale)}
    ${search.canSeeUnpublished ? '' : 'AND e.is_public'}
    ${isOwnTextOnly(search.read) ? 'AND NOT e.is_filled' : ''}`
  // The collection written as a literal: it is the condition of its GIN indexes (one per
  // collection, partial), which hold no other collection's entries. With one index for all,
  // PostgreSQL ANDed a word's bitmap with a bitmap of every entry of the collection and locale
  // (20,000 entries read for a word in 350: 30 to 90 ms on the loaded machine, measured); with
  // the collection's own, it reads the word's bitmap alone, and still reads the collection's
  // entries instead for a prefix in nearly every entry ("ba"), where that is cheaper.
  // Written into the statement, not read from a CTE: with the values known when the statement
  // is planned, PostgreSQL estimates how many rows match; each bound once, when first used (a
  // parameter no statement uses has no type).
  const written: Partial<Record<'exact' | 'typos' | 'phrase', string>> = {}
  const query = (kind: 'exact' | 'typos' | 'phrase') => (written[kind] ??= queries![kind]())
  return {
    entries,
    /** Whether an entry `e` is found by `tier`'s words. */
    matches: (tier: RankTier) =>
      tier.kind === 'words' && queries ? `e.${tier.vector} @@ (${query(tier.match)})` : 'false',
    /** Whether an entry `e` is found by the words at all (the loosest tier). */
    anyWords: () => (queries ? `e.vector @@ (${query('typos')})` : 'false'),
  }
}

/**
 * The page of `target`'s hits at `offset` (ids with the tier that found each) and how many
 * match (up to `countedMatches`). First every match is gathered, up to `countedMatches`, by
 * bitmap scans of the indexes (`gatherMatches`): while the words match no more than that, the
 * page is ranked from them (with the newest partial matches) and the count is exact. When the
 * words alone match more (a common word), a second statement walks the tiers (`walkTiers`),
 * each newest first, which stops as soon as the page is full. One round trip each.
 */
async function rankedPage(search: Search, target: SearchTargetName, offset: number) {
  const tiers = rankTiers(search.terms)
  const params = new Parameters('literal')
  const conditions = tierConditions(search, target, params)
  const gathered = await readByBitmaps(
    search.pool,
    gatherMatches(search, target, offset, tiers, params, conditions),
  )
  // Planned only when walked: a walk's statement (a branch per tier, each leaving out the
  // earlier tiers' words) took longer to plan than a rare word's gather to run, measured.
  // The walk's statement presents its page too (a common word's page is never empty); a
  // gather's page is presented by a statement of its own when it has hits: planned with every
  // gather, the presentation cost a search that finds nothing more than it saved, measured.
  const ranked =
    gathered.words! <= countedMatches
      ? gathered
      : await readByBitmaps(
          search.pool,
          walkTiers(search, target, offset, tiers, params, conditions),
        )
  const page = ranked.page.slice(offset)
  const rows =
    ranked.rows ??
    (page.length
      ? await presentIds(
          search,
          target,
          page.map((hit) => hit.id),
        )
      : [])
  return {
    total: Math.min(gathered.total, countedMatches),
    page: page.map((hit) => ({ id: hit.id, tier: tiers[hit.tier]! })),
    rows,
  }
}

type RankedIds = {
  total: number
  /** The records of the page from `offset` on (`presentation`), when the statement presents it. */
  rows?: PresentedRow[]
  /** The word matches gathered (up to `countedMatches` + 1; the walk's answer has none). */
  words?: number
  page: { id: number; tier: number }[]
}

/**
 * Runs `statement` (its values written in as literals) with bitmap scans of the indexes only
 * (sequential and ordered index scans off, read-only), in one round trip: the settings and the
 * statement are one simple query, which PostgreSQL runs as one transaction (`SET LOCAL` lasts
 * until its end). PostgreSQL's estimate of a word it has no statistics for (a word found
 * nowhere, a prefix, a typo's correction) is far too high, and it then walked every entry of
 * the collection newest first looking for five (1.6 s at 100,000 articles, measured), where the
 * GIN index finds none at once. A tier then costs what it matches. `BEGIN` with the settings, and
 * `COMMIT`, sent apart were two round trips more per collection (docs/benchmarks.md).
 */
async function readByBitmaps(pool: Pool, statement: string): Promise<RankedIds> {
  const results = (await pool.query(
    `SET LOCAL transaction_read_only = on; SET LOCAL enable_seqscan = off;
    SET LOCAL enable_indexscan = off; ${statement}`,
  )) as unknown as { rows: RankedIds[] }[]
  return results.at(-1)!.rows[0]!
}

/**
 * The statement of a collection's page: every match of `target` up to `countedMatches` (one
 * more, to know there are more), each with the first tier that finds it, ranked; how many
 * (words and partial matches together), and how many word matches (`words`: above
 * `countedMatches`, the page is the walk's).
 * The partial matches are not looked for when the words alone reach one more than counted:
 * the count is then "1,000 or more" and the page the walk's, so looking up a common
 * substring's documents would be for nothing ("lamp" at 100,000 articles: 1,001 documents
 * looked up, most of the statement's time, measured).
 */
function gatherMatches(
  search: Search,
  target: SearchTargetName,
  offset: number,
  tiers: RankTier[],
  params: Parameters,
  conditions: ReturnType<typeof tierConditions>,
): string {
  const wanted = offset + resultsPerCollection
  const wordTiers = tiers.flatMap((tier, index) => (tier.kind === 'words' ? [index] : []))
  const partialTier = tiers.findIndex((tier) => tier.kind === 'partial')
  // Every gathered entry matches the loosest tier (the last of the words'): the first it meets.
  const tierOf = wordTiers.length
    ? `CASE ${wordTiers
        .slice(0, -1)
        .map((index) => `WHEN ${conditions.matches(tiers[index]!)} THEN ${index}`)
        .join(' ')} ELSE ${wordTiers.at(-1)} END`
    : '0'
  const limit = countedMatches + 1
  // The newest partial matches, not any: with fewer than `limit` word matches (all of them
  // gathered, with their tiers), the page is then complete from what is gathered, and the walk
  // is for the common words only ("amp": its 1,001 partial matches were gathered, then all of
  // them read again by the walk's partial tier).
  const partial = newestVisiblePartialMatches(search, target, params, undefined, limit)
  // The tiers of the word matches are found only when they are fewer than `limit` (each entry
  // read again by its `ctid`): a common word's page is the walk's, and the tier of 1,001 entries
  // (their vectors read, Russian ones from TOAST) was about half of "кружки"'s gather, measured.
  return `WITH words AS MATERIALIZED (
      SELECT e.ctid AS entry, e.doc_id AS id FROM ${searchEntriesTable} e
      WHERE ${conditions.anyWords()} AND ${conditions.entries} LIMIT ${limit}),
    tiered AS MATERIALIZED (
      SELECT w.id, ${tierOf} AS tier FROM words w JOIN ${searchEntriesTable} e ON e.ctid = w.entry
      WHERE (SELECT count(*) FROM words) < ${limit}),
    partial AS MATERIALIZED (
      SELECT id FROM (${partial}) AS visible WHERE (SELECT count(*) FROM words) < ${limit}),
    found AS (SELECT id, tier FROM tiered
      UNION ALL SELECT id, ${partialTier} FROM partial WHERE id NOT IN (SELECT id FROM words)),
    counted AS MATERIALIZED (SELECT ((SELECT count(*) FROM words)
        + (SELECT count(*) FROM partial WHERE id NOT IN (SELECT id FROM words)))::integer AS total),
    ranked AS MATERIALIZED (SELECT id, tier FROM found ORDER BY tier, id DESC LIMIT ${wanted})
    SELECT counted.total, (SELECT count(*) FROM words)::integer AS words,
      coalesce((SELECT json_agg(json_build_object('id', id, 'tier', tier) ORDER BY tier, id DESC)
        FROM ranked), '[]') AS page
    FROM counted`
}

/**
 * The page of `target`'s hits at `offset` when the words are common (SQL, a `json` array):
 * the tiers are a `UNION ALL` under one `LIMIT`, which PostgreSQL reads in order and stops
 * reading once the page is full; each tier leaves out what an earlier one found, newest first
 * within it (a tier costs what it matches: the first ones, the title's, match few even for a
 * common word).
 */
function walkTiers(
  search: Search,
  target: SearchTargetName,
  offset: number,
  tiers: RankTier[],
  params: Parameters,
  conditions: ReturnType<typeof tierConditions>,
): string {
  const wanted = offset + resultsPerCollection
  const wordMatches = `SELECT e.doc_id FROM ${searchEntriesTable} e
      WHERE ${conditions.anyWords()} AND ${conditions.entries}`
  const branches = tiers.map((tier, index) => {
    if (tier.kind === 'partial') {
      const partial = newestVisiblePartialMatches(search, target, params, wordMatches, wanted)
      return `(SELECT newest.id, ${index} AS tier FROM (${partial}) AS newest)`
    }
    const earlier = tiers.slice(0, index).map(conditions.matches)
    return `(SELECT e.doc_id AS id, ${index} AS tier FROM ${searchEntriesTable} e
      WHERE ${conditions.matches(tier)} AND ${conditions.entries}
        ${earlier.length ? `AND NOT (${earlier.join(' OR ')})` : ''}
      ORDER BY e.doc_id DESC LIMIT ${wanted})`
  })
  return `WITH ranked AS MATERIALIZED (
      SELECT *, row_number() OVER () AS n FROM (SELECT * FROM (${branches.join(' UNION ALL ')}) AS tiers LIMIT ${wanted}) AS walked)
    SELECT ${countedMatches} AS total,
      coalesce((SELECT json_agg(json_build_object('id', id, 'tier', tier) ORDER BY n) FROM ranked), '[]') AS page,
      (${presentation(search, target, params, `ARRAY(SELECT id FROM ranked WHERE n > ${offset})`)}) AS rows`
}

/** A hit's record and highlight material, as `presentation` reads them. */
type PresentedRow = {
  id: number
  record: Record<string, unknown>
  title: string | null
  snippet: string | null
  matchTitle: string | null
  matchDescription: string | null
}

/**
 * The records of the documents `ids` (SQL, an `integer[]`) of `target`, with their highlights'
 * material, as one `json` array (SQL): a subquery of the statement that ranks them, so that a
 * page costs no round trip of its own.
 */
function presentation(
  search: Search,
  target: SearchTargetName,
  params: Parameters,
  ids: string,
): string {
  const { read } = search
  const spec = searchTargets[target]
  const table = spec.table
  const queries = textQueries(search, params)
  const locale = params.bind(read.locale)
  const fallback =
    read.fallbackLocale !== undefined && read.fallbackLocale !== read.locale
      ? params.bind(read.fallbackLocale)
      : undefined
  const text = localizedText({
    localesTable: `${table}_locales`,
    parent: table,
    alias: 'txt',
    read,
    bind: (value) => (value === read.locale ? locale : fallback!),
  })
  const column = (expression: string) =>
    spec.localizedColumns.includes(expression)
      ? text.column({ name: expression, isText: true })
      : /^\w+$/.test(expression)
        ? `${table}.${expression}`
        : expression
  const record = [
    ...spec.fields.map(
      (f) => `'${search.naming === 'v1' ? f.v1Name : f.name}', ${column(f.column)}`,
    ),
    `'image', ${spec.imageId}`,
  ].join(', ')
  const query = search.terms.length ? `(${queries.typos()})` : `''::tsquery`
  return `SELECT coalesce(json_agg(json_build_object('id', ${table}.id, 'record', json_build_object(${record}),
        'title', ts_headline(${queries.config}, e.title, ${query}, ${params.bind(titleHeadline)}),
        'snippet', ts_headline(${queries.config}, concat_ws(' … ', nullif(e.description, ''),
          nullif(e.body, '')), ${query}, ${params.bind(snippetHeadline)}),
        'matchTitle', e.title, 'matchDescription', e.description)), '[]')
      FROM ${table} ${text.joins}
      LEFT JOIN ${searchEntriesTable} e ON e.collection = '${target}'
        AND e.locale = ${params.bind(read.locale)} AND e.doc_id = ${table}.id
      WHERE ${table}.id = ANY(${ids})`
}

/** The records of `ids` of `target` (`presentation`), in one statement. */
async function presentIds(search: Search, target: SearchTargetName, ids: number[]) {
  const params = new Parameters('literal')
  const { rows } = await search.pool.query<{ rows: PresentedRow[] }>(
    `SELECT (${presentation(search, target, params, `${params.bind(ids)}::integer[]`)}) AS rows`,
  )
  return rows[0]!.rows
}

/** The hits of a page of `target`, in its order, from `presentation`'s rows. */
function presentPage(
  search: Search,
  target: SearchTargetName,
  page: { id: number; tier: RankTier }[],
  rows: PresentedRow[],
): SearchHit[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return page.flatMap(({ id, tier }) => {
    const row = byId.get(id)
    if (!row) return []
    return [
      {
        target,
        record: row.record,
        highlight: presentHighlight({
          ...row,
          query: search.query,
          isPartial: tier.kind === 'partial',
          field: tier.kind === 'partial' ? 0 : tier.field,
        }),
      },
    ]
  })
}
