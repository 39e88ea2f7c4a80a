import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import type { Locales } from '@/text/locales'
import { searchEntriesTable, searchWordsTable } from '../schema/searchTables'
import { searchTargets, type SearchTargetName } from '../searchTargets'
import { textSearchConfig } from '../query/textSearchConfig'

/** Letters a word needs to be kept in the word list (a 5-letter typo may drop one). */
const shortestListedWord = 4

/**
 * The plain text of a Lexical rich text (jsonb) in SQL: its text nodes' `text`, in document
 * order, one space between them.
 */
export const richTextPlainText = (column: string) =>
  `(SELECT string_agg(node #>> '{}', ' ') FROM jsonb_array_elements(
     jsonb_path_query_array(${column}, 'strict $.**.text')) AS node)`

/**
 * Writes the search entries of `target`'s documents `ids` (all its documents when left out) in
 * every configured locale, on `db` (a write's transaction: the index commits or rolls back with
 * the document), and adds their words to the word list. An entry holds the text a read in its
 * locale shows: the locale's own, the default locale's for a text left empty (a rich text left
 * null), as reads fall back. Its vector holds the text twice: stemmed by the locale's
 * configuration (word forms), and as written (`simple`: stop words are words too). Documents that no longer exist lose their entries.
 */
export async function refreshSearchEntries(args: {
  db: TransactionDb
  target: SearchTargetName
  locales: Locales
  ids?: readonly number[]
}): Promise<void> {
  const { db, target: name, locales } = args
  const target = searchTargets[name]
  const { title, description } = target.text
  const body = 'body' in target.text ? target.text.body : undefined
  const table = sql.raw(target.table)
  const localesTable = sql.raw(`${target.table}_locales`)
  const entries = sql.raw(searchEntriesTable)
  const idList = args.ids?.join(',')
  const onlyIds = (column: string) =>
    idList === undefined
      ? sql`true`
      : sql`${sql.raw(column)} = ANY(string_to_array(${idList}, ',')::integer[])`
  const filled = (column: string) =>
    sql.raw(`CASE WHEN coalesce(own.${column}, '') = '' THEN fb.${column} ELSE own.${column} END`)
  const isFilled = [title, description]
    .map((c) => `(coalesce(own.${c}, '') = '' AND coalesce(fb.${c}, '') <> '')`)
    .concat(body ? [`(own.${body} IS NULL AND fb.${body} IS NOT NULL)`] : [])
    .join(' OR ')
  const bodyText = body
    ? sql.raw(richTextPlainText(`coalesce(own.${body}, fb.${body})`))
    : sql`NULL::text`
  const localeRows = sql.join(
    locales.map((code) => sql`(${code}::text, ${textSearchConfig(code)}::regconfig)`),
    sql`, `,
  )
  await db.execute(sql`DELETE FROM ${entries} e WHERE e.collection = ${name}
    AND ${onlyIds('e.doc_id')}`)
  // Stemmed, then as written; a position left empty between the two (a lexeme put there and
  // taken out), so that the last word of one and the first of the other are no phrase.
  const both = (text: string, weight: string) =>
    `ts_delete(setweight(to_tsvector(t.config, coalesce(${text}, '')), '${weight}')
      || ''' '':1'::tsvector
      || setweight(to_tsvector('simple', coalesce(${text}, '')), '${weight}'), ' '::text)`
  await db.execute(sql`INSERT INTO ${entries} (collection, doc_id, locale, title, description, body,
      vector, title_vector, head_vector, is_public, is_filled)
    SELECT ${name}, t.id, t.code, t.title, t.description, t.body,
      ${sql.raw(`${both('t.title', 'A')} || ${both('t.description', 'B')} || ${both('t.body', 'C')}`)},
      ${sql.raw(both('t.title', 'A'))},
      ${sql.raw(`${both('t.title', 'A')} || ${both('t.description', 'B')}`)},
      t.is_public, t.is_filled
    FROM (SELECT ${table}.id, loc.code, loc.config, ${sql.raw(target.publicCondition)} AS is_public,
        ${filled(title)} AS title, ${filled(description)} AS description, ${bodyText} AS body,
        ${sql.raw(isFilled)} AS is_filled
      FROM ${table}
      CROSS JOIN (VALUES ${localeRows}) AS loc(code, config)
      LEFT JOIN ${localesTable} own ON own._parent_id = ${table}.id AND own._locale::text = loc.code
      LEFT JOIN ${localesTable} fb ON fb._parent_id = ${table}.id AND fb._locale::text = ${locales[0]}
      WHERE ${onlyIds(`${target.table}.id`)}
        AND (own._parent_id IS NOT NULL OR fb._parent_id IS NOT NULL)) AS t`)
  // Sorted, so that two writes adding the same new words wait for each other, never deadlock.
  await db.execute(sql`INSERT INTO ${sql.raw(searchWordsTable)} (locale, word)
    SELECT DISTINCT e.locale, w.lexeme
    FROM ${entries} e
    CROSS JOIN LATERAL unnest(to_tsvector('simple', concat_ws(' ', e.title, e.description, e.body))) w
    WHERE e.collection = ${name} AND ${onlyIds('e.doc_id')}
      AND char_length(w.lexeme) BETWEEN ${shortestListedWord} AND 64
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING`)
}

/** Removes the search entries of `target`'s documents `ids` (deleted), on `db`. */
export async function removeSearchEntries(args: {
  db: TransactionDb
  target: SearchTargetName
  ids: readonly number[]
}): Promise<void> {
  await args.db.execute(sql`DELETE FROM ${sql.raw(searchEntriesTable)}
    WHERE collection = ${args.target} AND doc_id = ANY(string_to_array(${args.ids.join(',')}, ',')::integer[])`)
}

/**
 * Rebuilds the whole search index: every entry of every searched collection, and the word list
 * from them (words of text no longer there leave it). For a migration, `npm run search:reindex`,
 * and after `CONTENT_LOCALES` changes.
 */
export async function rebuildSearchIndex(args: { db: TransactionDb; locales: Locales }) {
  await args.db.execute(sql`TRUNCATE ${sql.raw(searchWordsTable)}`)
  for (const target of Object.keys(searchTargets) as SearchTargetName[]) {
    await refreshSearchEntries({ db: args.db, target, locales: args.locales })
  }
}
