/**
 * The text of a document in one locale, for the app's SQL reads: Payload keeps a localized
 * field in `<table>_locales` (one row per document and locale, `_locale`, `_parent_id`), and
 * fills a field without text from the fallback locale as Payload's own reads do (a text that
 * is null or empty, any other value that is null).
 */

/**
 * A localized column of the document `parent` (a table or alias with an `id`) in the default
 * locale, else in the next configured locale that has a row: the `_locales` enum lists the
 * locales in the order of `CONTENT_LOCALES`, the default first. For what is recorded or told
 * outside any request's locale (an order line's name, a stock message, an image's uses).
 */
export const defaultLocaleText = (localesTable: string, parent: string, column: string) =>
  `(SELECT l.${column} FROM ${localesTable} l WHERE l._parent_id = ${parent}.id
    ORDER BY l._locale LIMIT 1)`

/** The locale a read is in, and the one that fills what it lacks (none: nothing fills it). */
export type TextLocale = { locale: string; fallbackLocale?: string }

/** A localized column and its kind: text (an empty one falls back too) or any other (jsonb). */
export type LocalizedColumn = { name: string; isText: boolean }

/**
 * The joins that bring a document's text in `read.locale` beside `parent` (a table or alias
 * with an `id`), and each column's expression over them. `alias` names the joins; `bind` adds a
 * parameter. For the default locale (or without fallback) one join, else two.
 */
export function localizedText(args: {
  localesTable: string
  parent: string
  alias: string
  read: TextLocale
  bind: (value: unknown) => string
}): { joins: string; column: (column: LocalizedColumn) => string } {
  const { localesTable, parent, alias, read, bind } = args
  const own = `${alias}`
  const fallback = `${alias}_fb`
  const hasFallback = read.fallbackLocale !== undefined && read.fallbackLocale !== read.locale
  const joins = [
    `LEFT JOIN ${localesTable} ${own} ON ${own}._parent_id = ${parent}.id AND ${own}._locale = ${bind(read.locale)}`,
    ...(hasFallback
      ? [
          `LEFT JOIN ${localesTable} ${fallback} ON ${fallback}._parent_id = ${parent}.id AND ${fallback}._locale = ${bind(read.fallbackLocale)}`,
        ]
      : []),
  ].join(' ')
  const column = ({ name, isText }: LocalizedColumn) => {
    if (!hasFallback) return `${own}.${name}`
    return isText
      ? `CASE WHEN coalesce(${own}.${name}, '') = '' AND coalesce(${fallback}.${name}, '') <> ''
          THEN ${fallback}.${name} ELSE ${own}.${name} END`
      : `coalesce(${own}.${name}, ${fallback}.${name})`
  }
  return { joins, column }
}
