import { index } from '@payloadcms/db-postgres/drizzle/pg-core'
import { sql } from '@payloadcms/db-postgres'

import type { PostgresSchemaHook } from '@/db/schemaHook'

/**
 * One index per filter and sort of the public article list, each ending in `id`, the
 * tiebreaker of every order, so that offset and keyset pages are both index scans. Declared
 * here because Payload's collection `indexes` cannot name `id`. `published_at` is null for
 * drafts; lists order it as `-infinity` so that keyset comparisons need no null cases. The title
 * is per locale: its index is on `articles_locales`.
 */
export const articleIndexes: PostgresSchemaHook = ({ schema, extendTable }) => {
  const table = schema.tables.articles
  if (!table) throw new Error('The articles table is missing from the schema')
  extendTable({
    table,
    extraConfig: (t) => ({
      articles_status_id_idx: index('articles_status_id_idx').on(t._status, t.id),
      articles_author_id_id_idx: index('articles_author_id_id_idx').on(t.author, t.id),
      articles_created_at_id_idx: index('articles_created_at_id_idx').on(t.createdAt, t.id),
      articles_updated_at_id_idx: index('articles_updated_at_id_idx').on(t.updatedAt, t.id),
      articles_published_at_id_idx: index('articles_published_at_id_idx').on(
        sql`coalesce(${t.publishedAt}, '-infinity'::timestamptz)`,
        t.id,
      ),
    }),
  })
  // Titles are per locale (articles_locales): sorted by title within one locale.
  const locales = schema.tables.articles_locales
  if (!locales) throw new Error('The articles_locales table is missing from the schema')
  extendTable({
    table: locales,
    extraConfig: (t) => ({
      articles_locales_title_idx: index('articles_locales_title_idx').on(
        t._locale,
        t.title,
        t._parentID,
      ),
    }),
  })
  return schema
}
