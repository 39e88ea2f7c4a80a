import type { Payload } from 'payload'

import { presentImage } from '@/media/image'
import { findImages } from '@/media/operations/findImages'

import { containsPattern } from '../containsPattern'
import { searchTargets, type SearchTargetName } from '../searchTargets'
import { postgres, type TransactionDb } from '@/db/transaction'
import { localizedText, type TextLocale } from '@/db/localizedText'

/** Records per collection, at most: search answers a handful, not pages. */
export const resultsPerCollection = 5

/** One hit: the collection it came from and its fields, named for the caller's API. */
export type SearchHit = { target: SearchTargetName; record: Record<string, unknown> }

/**
 * Case-insensitive partial matches of `query` in each target collection, at most five each,
 * newest first, in one round trip (a `UNION ALL` of one indexed query per collection). `%`, `_`
 * and `\` in the query match literally. Callers without the editor role find only what is
 * public: published articles and pages, active products. Each hit carries its image (an
 * article's or page's cover, a product's first image) or `null`. The text matched and answered
 * is the one shown in `read`'s locale: its own, or where it has none the default locale's.
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
}): Promise<SearchHit[]> {
  if (!args.targets.length) return []
  const { read } = args
  const hasFallback = read.fallbackLocale !== undefined && read.fallbackLocale !== read.locale
  // $1 the pattern, $2 the locale, $3 the one that fills what it lacks.
  const params: unknown[] = [containsPattern(args.query), read.locale]
  if (hasFallback) params.push(read.fallbackLocale)
  const placeholder = (value: unknown) => (value === read.locale ? '$2' : '$3')
  const parts = args.targets.map((name) => {
    const target = searchTargets[name]
    const table = target.table
    const locales = `${table}_locales`
    const text = localizedText({
      localesTable: locales,
      parent: table,
      alias: 'txt',
      read,
      bind: placeholder,
    })
    const column = (expression: string) =>
      target.localizedColumns.includes(expression)
        ? text.column({ name: expression, isText: true })
        : /^\w+$/.test(expression)
          ? `${table}.${expression}`
          : expression
    const matches = (alias: string) =>
      target.matchColumns.map((c) => `${alias}.${c} ILIKE $1 ESCAPE '\\'`).join(' OR ')
    // The text shown in the locale: its own, and with a fallback the default locale's where
    // it has none (each side an index scan of the trigram indexes of the locales table).
    const ownMatches = `SELECT l._parent_id FROM ${locales} l WHERE l._locale = $2 AND (${matches('l')})`
    const filledMatches = hasFallback
      ? ` UNION SELECT f._parent_id FROM ${locales} f LEFT JOIN ${locales} l
          ON l._parent_id = f._parent_id AND l._locale = $2
          WHERE f._locale = $3 AND (${target.matchColumns
            .map((c) => `(coalesce(l.${c}, '') = '' AND f.${c} ILIKE $1 ESCAPE '\\')`)
            .join(' OR ')})`
      : ''
    const visibility = args.canSeeUnpublished ? '' : ` AND ${target.publicCondition}`
    const record = [
      ...target.fields.map(
        (f) => `'${args.naming === 'v1' ? f.v1Name : f.name}', ${column(f.column)}`,
      ),
      `'image', ${target.imageId}`,
    ].join(', ')
    return `(SELECT '${name}' AS target, json_build_object(${record}) AS record
      FROM ${table} ${text.joins}
      WHERE ${table}.id IN (${ownMatches}${filledMatches})${visibility}
      ORDER BY ${table}.id DESC LIMIT ${resultsPerCollection})`
  })
  const { rows } = await postgres(args.payload).pool.query<SearchHit>(
    parts.join(' UNION ALL '),
    params,
  )
  // The hits' images in one more query, as the API shows them.
  const images = await findImages(
    postgres(args.payload).drizzle as unknown as TransactionDb,
    rows.map((hit) => hit.record.image as number),
    read,
  )
  for (const hit of rows) {
    const row = images.get(hit.record.image as number)
    hit.record.image = row ? presentImage(row, args.serverUrl) : null
  }
  return rows
}
