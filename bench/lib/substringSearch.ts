/**
 * The substring search as it was before issue 51 (a case-insensitive partial match of the whole
 * query in title or description, five per collection, newest first), frozen here so that
 * `npm run bench:search` measures it beside the search by words on the same data. Its statement
 * only: the hits' images are not looked up (none of the bench's documents has one).
 */
import { containsPattern } from '@/search/containsPattern'
import { searchTargets, type SearchTargetName } from '@/search/searchTargets'
import { localizedText, type TextLocale } from '@/db/localizedText'

export function substringStatement(args: {
  query: string
  targets: readonly SearchTargetName[]
  read: TextLocale
}): { text: string; params: unknown[] } {
  const { read } = args
  const hasFallback = read.fallbackLocale !== undefined && read.fallbackLocale !== read.locale
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
    const ownMatches = `SELECT l._parent_id FROM ${locales} l WHERE l._locale = $2 AND (${matches('l')})`
    const filledMatches = hasFallback
      ? ` UNION SELECT f._parent_id FROM ${locales} f LEFT JOIN ${locales} l
          ON l._parent_id = f._parent_id AND l._locale = $2
          WHERE f._locale = $3 AND (${target.matchColumns
            .map((c) => `(coalesce(l.${c}, '') = '' AND f.${c} ILIKE $1 ESCAPE '\\')`)
            .join(' OR ')})`
      : ''
    const record = [
      ...target.fields.map((f) => `'${f.name}', ${column(f.column)}`),
      `'image', ${target.imageId}`,
    ].join(', ')
    return `(SELECT '${name}' AS target, json_build_object(${record}) AS record
      FROM ${table} ${text.joins}
      WHERE ${table}.id IN (${ownMatches}${filledMatches}) AND ${target.publicCondition}
      ORDER BY ${table}.id DESC LIMIT 5)`
  })
  return { text: parts.join(' UNION ALL '), params }
}
