import type { Payload } from 'payload'

import { presentImage } from '@/media/image'
import { findImages } from '@/media/operations/findImages'

import { containsPattern } from '../containsPattern'
import { searchTargets, type SearchTargetName } from '../searchTargets'
import { searchEntriesTable } from '../schema/searchTables'
import { findCorrections } from './findCorrections'
import { exactQueryText, queryTerms, queryWords, termQueryText } from '../query/queryWords'
import { textSearchConfig } from '../query/textSearchConfig'
import { highlightStart, highlightStop } from '../query/highlight'
import { presentHighlight, type SearchHighlight } from '../query/presentHighlight'
import { postgres, type TransactionDb } from '@/db/transaction'
import { localizedText, type TextLocale } from '@/db/localizedText'

/** Records per collection, at most: search answers a handful, not pages. */
export const resultsPerCollection = 5

/** One hit: the collection it came from, its fields named for the caller's API, where it matched. */
export type SearchHit = {
  target: SearchTargetName
  record: Record<string, unknown>
  highlight: SearchHighlight
}

/** The hits of one page, and how many documents each searched collection has that match. */
export type SearchAnswer = { hits: SearchHit[]; counts: Partial<Record<SearchTargetName, number>> }

/** A hit as the statement returns it, before its highlight and image are presented. */
type HitRow = {
  record: Record<string, unknown>
  isPartial: boolean
  field: number
  title: string | null
  snippet: string | null
  matchTitle: string | null
  matchDescription: string | null
}

const marks = `StartSel="${highlightStart}", StopSel="${highlightStop}"`
const titleHeadline = `HighlightAll=true, ${marks}`
const snippetHeadline = `MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … ", ${marks}`

/**
 * The documents of each target collection that match `query`, best first, five a page
 * (`page`, from 1), with the number that match per collection, in one round trip after the
 * typos' corrections are looked up. The rules (docs/search.md):
 * - every word of the query must match, in any order, in the title, description or body (word
 *   forms through the locale's stemming, stop words too; the last word also as a prefix; one typo in a word of
 *   5 letters, two from 9, against the locale's word list); a partial match of the whole query
 *   in the title or description (`%`, `_` and `\` literal) also finds a document;
 * - order: word matches before partial ones, fewer typos, the field (title, description, body),
 *   the exact phrase, closeness (`ts_rank_cd`), then newest.
 * Callers without the editor role find only what is public: published articles and pages,
 * active products. The text matched and answered is the one shown in `read`'s locale: its
 * own, or where it has none the default locale's. Each hit carries its image and highlight.
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
  const { read } = args
  const pool = postgres(args.payload).pool
  const words = queryWords(args.query)
  const terms = queryTerms(words, await findCorrections({ pool, words, locale: read.locale }))
  const { text: statement, params } = searchStatement({ ...args, terms })
  const { rows } = await pool.query<{ target: SearchTargetName; total: number; hits: HitRow[] }>(
    statement,
    params,
  )
  const hits: SearchHit[] = rows.flatMap((row) =>
    row.hits.map((hit) => ({
      target: row.target,
      record: hit.record,
      highlight: presentHighlight({ ...hit, query: args.query }),
    })),
  )
  // The hits' images in one more query, as the API shows them.
  const images = await findImages(
    postgres(args.payload).drizzle as unknown as TransactionDb,
    hits.map((hit) => hit.record.image as number),
    read,
  )
  for (const hit of hits) {
    const row = images.get(hit.record.image as number)
    hit.record.image = row ? presentImage(row, args.serverUrl) : null
  }
  return { hits, counts: Object.fromEntries(rows.map((row) => [row.target, row.total])) }
}

/** The statement of `searchCollections` and its parameters. */
export function searchStatement(args: {
  query: string
  terms: ReturnType<typeof queryTerms>
  targets: readonly SearchTargetName[]
  canSeeUnpublished: boolean
  naming: 'payload' | 'v1'
  read: TextLocale
  page?: number
}): { text: string; params: unknown[] } {
  const { read, terms } = args
  const params: unknown[] = []
  const bind = (value: unknown) => `$${params.push(value)}`
  const hasFallback = read.fallbackLocale !== undefined && read.fallbackLocale !== read.locale
  const pattern = bind(containsPattern(args.query))
  const locale = bind(read.locale)
  const fallbackLocale = hasFallback ? bind(read.fallbackLocale) : undefined
  // The locale again for the search entries' `varchar` (the one above is compared to an enum).
  const entryLocale = bind(read.locale)
  const bindLocale = (value: unknown) => (value === read.locale ? locale : fallbackLocale!)
  const config = `${bind(textSearchConfig(read.locale))}::regconfig`
  const titleOptions = bind(titleHeadline)
  const snippetOptions = bind(snippetHeadline)
  const offset = Math.max(0, (args.page ?? 1) - 1) * resultsPerCollection
  // Each term read by the locale's configuration (word forms) and by `simple` (stop words).
  const readBoth = (text: string) =>
    `(to_tsquery(${config}, ${text}) || to_tsquery('simple', ${text}))`
  const termTexts = terms.length ? bind(terms.map(termQueryText)) : ''
  const allTerms = terms.length
    ? terms.map((_, index) => readBoth(`(${termTexts}::text[])[${index + 1}]`)).join(' && ')
    : `''::tsquery`
  const exactTexts = bind(terms.map(exactQueryText))
  const words = `WITH q AS (SELECT ${allTerms} AS query,
      ARRAY(SELECT ${readBoth('t')} FROM unnest(${exactTexts}::text[]) t) AS exact,
      phraseto_tsquery(${config}, ${bind(terms.map((term) => term.word).join(' '))}) AS phrase)`
  const parts = args.targets.map((name) => {
    const target = searchTargets[name]
    const table = target.table
    const locales = `${table}_locales`
    const text = localizedText({
      localesTable: locales,
      parent: table,
      alias: 'txt',
      read,
      bind: bindLocale,
    })
    const column = (expression: string) =>
      target.localizedColumns.includes(expression)
        ? text.column({ name: expression, isText: true })
        : /^\w+$/.test(expression)
          ? `${table}.${expression}`
          : expression
    const matches = (alias: string) =>
      target.matchColumns.map((c) => `${alias}.${c} ILIKE ${pattern} ESCAPE '\\'`).join(' OR ')
    // A partial match in the text shown in the locale: its own, and with a fallback the
    // default locale's where it has none (each side an index scan of the trigram indexes).
    const ownMatches = `SELECT l._parent_id FROM ${locales} l WHERE l._locale = ${locale} AND (${matches('l')})`
    const filledMatches = hasFallback
      ? ` UNION SELECT f._parent_id FROM ${locales} f LEFT JOIN ${locales} l
          ON l._parent_id = f._parent_id AND l._locale = ${locale}
          WHERE f._locale = ${fallbackLocale} AND (${target.matchColumns
            .map((c) => `(coalesce(l.${c}, '') = '' AND f.${c} ILIKE ${pattern} ESCAPE '\\')`)
            .join(' OR ')})`
      : ''
    const visibility = args.canSeeUnpublished ? '' : ` AND ${target.publicCondition}`
    const record = [
      ...target.fields.map(
        (f) => `'${args.naming === 'v1' ? f.v1Name : f.name}', ${column(f.column)}`,
      ),
      `'image', ${target.imageId}`,
    ].join(', ')
    return `(WITH words AS MATERIALIZED (
        SELECT e.doc_id, e.vector FROM ${searchEntriesTable} e, q
        WHERE e.vector @@ q.query AND e.collection = '${name}' AND e.locale = ${entryLocale}),
      partial AS (${ownMatches}${filledMatches}),
      found AS (SELECT ${table}.id, w.vector, w.doc_id IS NULL AS is_partial
        FROM (SELECT doc_id AS id FROM words UNION SELECT _parent_id FROM partial) c
        JOIN ${table} ON ${table}.id = c.id
        LEFT JOIN words w ON w.doc_id = c.id
        WHERE true${visibility}),
      ranked AS (SELECT f.id, f.is_partial,
          CASE WHEN f.is_partial THEN 0 ELSE (SELECT count(*) FROM unnest(q.exact) x
            WHERE numnode(x) > 0 AND NOT f.vector @@ x) END AS typos,
          CASE WHEN f.is_partial THEN 3 WHEN ts_filter(f.vector, '{a}') @@ q.query THEN 0
            WHEN ts_filter(f.vector, '{a,b}') @@ q.query THEN 1 ELSE 2 END AS field,
          NOT f.is_partial AND numnode(q.phrase) > 1 AND f.vector @@ q.phrase AS is_phrase,
          CASE WHEN f.is_partial THEN 0
            ELSE ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', f.vector, q.query) END AS closeness
        FROM found f, q),
      page AS (SELECT r.*, row_number() OVER (ORDER BY r.is_partial, r.typos, r.field,
          r.is_phrase DESC, r.closeness DESC, r.id DESC) AS position
        FROM ranked r ORDER BY position LIMIT ${resultsPerCollection} OFFSET ${offset})
      SELECT '${name}' AS target, (SELECT count(*) FROM ranked)::int AS total,
        coalesce((SELECT json_agg(json_build_object(
            'record', json_build_object(${record}),
            'isPartial', p.is_partial, 'field', p.field,
            'title', ts_headline(${config}, e.title, q.query, ${titleOptions}),
            'snippet', ts_headline(${config}, concat_ws(' … ', nullif(e.description, ''),
              nullif(e.body, '')), q.query, ${snippetOptions}),
            'matchTitle', e.title, 'matchDescription', e.description) ORDER BY p.position)
          FROM page p JOIN ${table} ON ${table}.id = p.id ${text.joins}
          LEFT JOIN ${searchEntriesTable} e ON e.collection = '${name}'
            AND e.locale = ${entryLocale} AND e.doc_id = p.id
          CROSS JOIN q), '[]'::json) AS hits)`
  })
  return { text: `${words} SELECT * FROM (${parts.join(' UNION ALL ')}) AS found`, params }
}
