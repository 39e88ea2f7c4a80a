import { publicArticleSql } from '@/articles/visibility'

/** A collection that search looks into, described for one SQL query. */
export type SearchTarget = {
  /** The table. */
  table: string
  /** Columns matched, case-insensitively, anywhere in the text: all per locale. */
  matchColumns: string[]
  /** The columns written per locale, in `<table>_locales` (Payload's localized fields). */
  localizedColumns: string[]
  /** What callers without the editor role may find (drafts, unpublished, inactive are not). */
  publicCondition: string
  /** Returned fields: name in the Payload-style result, name in v1, SQL expression. */
  fields: { name: string; v1Name: string; column: string }[]
  /** The id of the image a hit is shown with (SQL over the table), presented as `image`. */
  imageId: string
  /**
   * The localized columns of the word search (`search_entries`): the title, the description,
   * and the rich text whose plain text is the body (none for products).
   */
  text: { title: string; description: string; body?: string }
}

const field = (name: string, v1Name = name, column = v1Name) => ({ name, v1Name, column })

/** A timestamp column as ISO 8601 in UTC with milliseconds, as the rest of the API prints them. */
const isoTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * What each collection is searched on ("title or description", which each collection maps
 * to its own fields):
 * - articles ("posts" in `/api/search`): `title` or `excerpt`;
 * - pages: `title` or `description`;
 * - products: `name` or `description`.
 *
 * Every matched column is written per locale: its text is in `<table>_locales`, one row per
 * article (page, product) and locale. The word search (`search_entries`) reads the same title
 * and description, and the body of articles (`body`) and pages (`content`).
 */
export const searchTargets = {
  articles: {
    table: 'articles',
    matchColumns: ['title', 'excerpt'],
    localizedColumns: ['title', 'excerpt'],
    publicCondition: publicArticleSql('articles'),
    fields: [
      field('id'),
      field('title'),
      field('slug'),
      field('excerpt'),
      field('status', 'status', '_status'),
      field('publishedAt', 'published_at', isoTimestamp('published_at')),
    ],
    imageId: 'cover_id',
    text: { title: 'title', description: 'excerpt', body: 'body' },
  },
  products: {
    table: 'products',
    matchColumns: ['name', 'description'],
    localizedColumns: ['name', 'description'],
    publicCondition: 'active',
    fields: [
      field('id'),
      field('name'),
      field('slug'),
      field('description'),
      field('price'),
      field('active'),
    ],
    imageId: `(SELECT r.media_id FROM products_rels r WHERE r.parent_id = products.id
      AND r.path = 'images' ORDER BY r."order" LIMIT 1)`,
    text: { title: 'name', description: 'description' },
  },
  pages: {
    table: 'pages',
    matchColumns: ['title', 'description'],
    localizedColumns: ['title', 'description'],
    publicCondition: `_status = 'published'`,
    fields: [
      field('id'),
      field('title'),
      field('slug'),
      field('description'),
      field('published', 'published', `_status = 'published'`),
    ],
    imageId: 'cover_id',
    text: { title: 'title', description: 'description', body: 'content' },
  },
} satisfies Record<string, SearchTarget>

export type SearchTargetName = keyof typeof searchTargets
