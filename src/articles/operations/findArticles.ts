import type { Payload } from 'payload'

import type {
  ArticleFilters,
  ArticleInclude,
  ArticleOrder,
  ArticlePage,
  ArticleRecord,
  ArticleSlice,
  ArticleSortField,
} from '../listQuery'
import { HttpError } from '@/http/errors'
import { postgres } from '@/db/transaction'
import { queryNamed } from '@/db/namedStatement'
import { localizedText, type TextLocale } from '@/db/localizedText'
import { publicArticleSql } from '../visibility'
import { pendingScheduleSql } from './findSchedules'
import { articleStatusCountsTable } from '../schema/articleStatusCounts'

/** The localized columns of an article (`articles_locales`, `_articles_v_locales` prefixed). */
const textColumns = {
  title: { name: 'title', isText: true },
  excerpt: { name: 'excerpt', isText: true },
  body: { name: 'body', isText: false },
}

/**
 * The SQL expression and type of each sort field; `published_at` sorts drafts as earliest; the
 * title is the one shown in the locale read (`title` names its expression over the text joins).
 */
const sortColumns = (
  title: string,
): Record<ArticleSortField, { expression: string; type: string }> => ({
  id: { expression: 'a.id', type: 'integer' },
  created_at: { expression: 'a.created_at', type: 'timestamptz' },
  updated_at: { expression: 'a.updated_at', type: 'timestamptz' },
  published_at: {
    expression: `coalesce(a.published_at, '-infinity'::timestamptz)`,
    type: 'timestamptz',
  },
  // An article without a title in the locale sorts as the empty title (a keyset comparison with
  // a null would drop it from the walk).
  title: { expression: `coalesce(${title}, '')`, type: 'varchar' },
})

/** The joins of an article's text (alias `a`) in `read`'s locale, binding its parameters. */
const articleText = (read: TextLocale, bind: (value: unknown) => string) =>
  localizedText({ localesTable: 'articles_locales', parent: 'a', alias: 'txt', read, bind })

/** When a pending job of Payload's queue will publish (`publish`) or unpublish the article. */
const scheduled = (type: 'publish' | 'unpublish', name: string) =>
  `(SELECT min(j.wait_until) FROM payload_jobs j WHERE ${pendingScheduleSql({
    collection: 'articles',
    type,
    documentId: (column) => `${column} = a.id::text`,
  })}) AS ${name}`

/**
 * The article's own columns, publication status shown as `status`, its text in the locale read
 * (`text`: each localized column's expression).
 */
const articleColumns = (text: (column: (typeof textColumns)['title']) => string) => [
  `a.id, ${text(textColumns.title)} AS title, a.slug, ${text(textColumns.excerpt)} AS excerpt`,
  `${text(textColumns.body)} AS body, a._status AS status, a.author_id, a.cover_id`,
  'a.published_at, a.created_at, a.updated_at, a.review_stage, a.assignee_id',
  scheduled('publish', 'publish_at'),
  scheduled('unpublish', 'unpublish_at'),
]

const tagIds = `coalesce((SELECT array_agg(r.tags_id ORDER BY r."order") FROM articles_rels r
  WHERE r.parent_id = a.id AND r.path = 'tags'), '{}') AS tag_ids`
const embeddedAuthor = `(SELECT json_build_object('id', au.id, 'name', au.name) FROM authors au
  WHERE au.id = a.author_id) AS author`
const embeddedTags = `coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name,
  'slug', t.slug) ORDER BY r."order") FROM articles_rels r JOIN tags t ON t.id = r.tags_id
  WHERE r.parent_id = a.id AND r.path = 'tags'), '[]') AS tags`

/**
 * The newest draft of an article (the latest of its versions, as the admin panel shows it),
 * shaped like an `articles` row aliased `a` with its text in the locale read as `title`,
 * `excerpt` and `body`, and `version_id` for its tags; none when the article has no versions
 * yet (written before drafts existed): its row is then its draft. `$1` is the article's id.
 */
const latestVersion = (read: TextLocale, bind: (value: unknown) => string) => {
  const text = localizedText({
    localesTable: '_articles_v_locales',
    parent: 'v',
    alias: 'vtxt',
    read,
    bind,
  })
  const version = (column: (typeof textColumns)['title']) =>
    text.column({ ...column, name: `version_${column.name}` })
  return `(SELECT v.id AS version_id, v.parent_id AS id, ${version(textColumns.title)} AS title,
    v.version_slug AS slug, ${version(textColumns.excerpt)} AS excerpt,
    ${version(textColumns.body)} AS body,
    v.version__status::text AS _status, v.version_author_id AS author_id,
    v.version_cover_id AS cover_id, v.version_published_at AS published_at,
    v.version_review_stage AS review_stage, v.version_assignee_id AS assignee_id,
    art.created_at, v.updated_at
  FROM _articles_v v JOIN articles art ON art.id = v.parent_id ${text.joins}
  WHERE v.parent_id = $1 ORDER BY v.latest DESC NULLS LAST, v.id DESC LIMIT 1)`
}

const versionTagIds = `coalesce((SELECT array_agg(r.tags_id ORDER BY r."order") FROM _articles_v_rels r
  WHERE r.parent_id = a.version_id AND r.path = 'version.tags'), '{}') AS tag_ids`
const versionTags = `coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name,
  'slug', t.slug) ORDER BY r."order") FROM _articles_v_rels r JOIN tags t ON t.id = r.tags_id
  WHERE r.parent_id = a.version_id AND r.path = 'version.tags'), '[]') AS tags`

/**
 * Reads a page of articles with one named statement (a numbered page's total included), straight
 * from PostgreSQL: Payload's find pipeline would halve the throughput of the public list. Callers
 * pass the visibility they are allowed (`isPublishedOnly`), exactly what the collection's read
 * access grants. The text is in `read`'s locale.
 */
export async function findArticles(args: {
  payload: Payload
  filters: ArticleFilters
  order: ArticleOrder
  page: ArticlePage
  include: readonly ArticleInclude[]
  read: TextLocale
}): Promise<ArticleSlice> {
  const { payload, filters, order, page, include } = args
  const params: unknown[] = []
  const bind = (value: unknown) => `$${params.push(value)}`
  const conditions = filterConditions(filters, bind)
  const countParams = [...params]
  // The text joins bind their locales after the count's parameters: the count needs none.
  const text = articleText(args.read, bind)
  const isByTitle = order.sort === 'title'
  const { expression, type } = sortColumns(text.column(textColumns.title))[order.sort]
  const direction = order.direction === 'asc' ? 'ASC' : 'DESC'
  const whereClause = (extra: string[] = []) => {
    const all = [...conditions, ...extra]
    return all.length ? `WHERE ${all.join(' AND ')}` : ''
  }

  let tail: string
  let keysetCondition: string[] = []
  if (page.kind === 'keyset') {
    if (page.after) {
      const value =
        order.sort === 'id'
          ? String(page.after.id)
          : (page.after.value ??
            (await anchorValue({
              payload,
              expression,
              id: page.after.id,
              read: args.read,
              isPublishedOnly: filters.isPublishedOnly,
            })))
      const comparison = order.direction === 'asc' ? '>' : '<'
      keysetCondition = [
        `(${expression}, a.id) ${comparison} (${bind(value)}::${type}, ${bind(page.after.id)}::integer)`,
      ]
    }
    tail = `LIMIT ${rowCount(page.limit + 1)}`
  } else {
    // The first page without an OFFSET: bound, PostgreSQL's generic plan guesses it skips a
    // tenth of the table, costs it above the custom plan and plans every call again.
    const offset = (page.page - 1) * page.perPage
    tail = `LIMIT ${rowCount(page.perPage)}${offset > 0 ? ` OFFSET ${bind(offset)}` : ''}`
  }

  const columns = [
    ...articleColumns(text.column),
    tagIds,
    `${expression}::text AS sort_value`,
    ...(include.includes('author') ? [embeddedAuthor] : []),
    ...(include.includes('tags') ? [embeddedTags] : []),
    // A numbered page's total in the same statement, computed once for it: one round trip, not
    // two. Its conditions bind their values again: the kept counts' status is text, the
    // articles' an enum, and one parameter cannot be both.
    ...(page.kind === 'offset'
      ? [`(${countStatement(filters, bound(filters, bind))}) AS total_count`]
      : []),
  ]
  // The page's ids first, then their columns: PostgreSQL computes the select list (with its
  // subqueries) for every row an OFFSET skips, which made deep pages take seconds. Only a sort
  // by title needs the text to choose the page.
  const orderBy = `ORDER BY ${expression} ${direction}, a.id ${direction}`
  const pageJoins = isByTitle ? text.joins : ''
  const statement = `SELECT ${columns.join(', ')} FROM articles a ${text.joins}
    JOIN (SELECT a.id FROM articles a ${pageJoins} ${whereClause(keysetCondition)} ${orderBy} ${tail}) page
    ON page.id = a.id ${orderBy}`

  const { pool } = postgres(payload)
  const { rows } = await queryNamed<ArticleRecord & { total_count?: number }>(
    pool,
    statement,
    params,
  )
  if (page.kind === 'keyset') {
    const hasMore = rows.length > page.limit
    return { records: hasMore ? rows.slice(0, page.limit) : rows, hasMore }
  }
  // Past the last page no row carries the total: it is counted on its own.
  const total =
    rows[0]?.total_count ??
    (await queryNamed<{ total: number }>(pool, countStatement(filters, whereClause()), countParams))
      .rows[0]?.total ??
    0
  return { records: rows.map(({ total_count: _total, ...record }) => record), total }
}

/**
 * The count of a numbered page's `total`. Filtered by status alone (the public list, `status=`),
 * it sums the kept counts (`article_status_counts`, exact in every transaction: its column is
 * named as the articles' own, so the same conditions apply) instead of reading an index entry
 * per article: 100,000 published articles took 10 to 25 ms of the database per request, four
 * fifths of what the public list asked of it. Any other filter counts the articles themselves.
 */
function countStatement(filters: ArticleFilters, where: string): string {
  // Any filter besides the status (one added later too) counts the articles.
  const { isPublishedOnly, status, ...others } = filters
  const isByStatusAlone =
    (isPublishedOnly || status !== undefined) &&
    Object.values(others).every((value) => value === undefined)
  return isByStatusAlone
    ? `SELECT coalesce(sum(a.n), 0)::integer AS total FROM ${articleStatusCountsTable} a ${where}`
    : `SELECT count(*)::integer AS total FROM articles a ${where}`
}

/**
 * One article by id, its text in `read`'s locale, or undefined when it does not exist or is
 * hidden from the caller.
 */
export async function findArticle(args: {
  payload: Payload
  id: number
  isPublishedOnly: boolean
  include: readonly ArticleInclude[]
  read: TextLocale
}): Promise<ArticleRecord | undefined> {
  const params: unknown[] = [args.id]
  const text = articleText(args.read, (value) => `$${params.push(value)}`)
  const visibility = args.isPublishedOnly ? ` AND ${publicArticleSql('a')}` : ''
  const columns = [
    ...articleColumns(text.column),
    tagIds,
    `a.id::text AS sort_value`,
    ...(args.include.includes('author') ? [embeddedAuthor] : []),
    ...(args.include.includes('tags') ? [embeddedTags] : []),
  ]
  const { rows } = await queryNamed<ArticleRecord>(
    postgres(args.payload).pool,
    `SELECT ${columns.join(', ')} FROM articles a ${text.joins} WHERE a.id = $1${visibility}`,
    params,
  )
  return rows[0]
}

/**
 * The newest draft of one article (editors, and holders of a preview token for it): the latest
 * version, autosaves included; the article's row when it has no versions. Undefined when the
 * article does not exist.
 */
export async function findArticleDraft(args: {
  payload: Payload
  id: number
  include: readonly ArticleInclude[]
  read: TextLocale
}): Promise<ArticleRecord | undefined> {
  const params: unknown[] = [args.id]
  const version = latestVersion(args.read, (value) => `$${params.push(value)}`)
  const columns = [
    // The version's text is already in the locale read.
    ...articleColumns((column) => `a.${column.name}`),
    versionTagIds,
    `a.id::text AS sort_value`,
    ...(args.include.includes('author') ? [embeddedAuthor] : []),
    ...(args.include.includes('tags') ? [versionTags] : []),
  ]
  const { rows } = await postgres(args.payload).pool.query<ArticleRecord>(
    `SELECT ${columns.join(', ')} FROM ${version} a`,
    params,
  )
  return rows[0] ?? (await findArticle({ ...args, isPublishedOnly: false }))
}

/**
 * A page's row count, written into the statement rather than bound: with `LIMIT $n` the generic
 * plan of a named statement assumes a tenth of the table (`queryNamed`). Validated by the query's
 * schema (1 to 101); checked again here because it becomes SQL text.
 */
function rowCount(count: number): string {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`Not a row count: ${count}`)
  return String(count)
}

/** The `WHERE` clause of `filters`, their values bound with `bind`. */
function bound(filters: ArticleFilters, bind: (value: unknown) => string): string {
  const conditions = filterConditions(filters, bind)
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''
}

function filterConditions(filters: ArticleFilters, bind: (value: unknown) => string): string[] {
  const conditions: string[] = []
  if (filters.isPublishedOnly) conditions.push(publicArticleSql('a'))
  if (filters.status) conditions.push(`a._status = ${bind(filters.status)}`)
  if (filters.authorId !== undefined) conditions.push(`a.author_id = ${bind(filters.authorId)}`)
  if (filters.createdAfter) conditions.push(`a.created_at >= ${bind(filters.createdAfter)}`)
  return conditions
}

/**
 * The sort value of the article a keyset page starts after. Only its position is used, never its
 * content; an article the caller may not read (`isPublishedOnly`, a draft) is refused exactly as
 * a missing one, or the answer would tell that a draft exists there and where its title sorts.
 */
async function anchorValue(args: {
  payload: Payload
  expression: string
  id: number
  read: TextLocale
  isPublishedOnly: boolean
}): Promise<string> {
  const { payload, expression, id, read } = args
  const params: unknown[] = [id]
  // The expression names the text joins, made here again with this query's parameters.
  const text = articleText(read, (value) => `$${params.push(value)}`)
  const visibility = args.isPublishedOnly ? ` AND ${publicArticleSql('a')}` : ''
  const { rows } = await postgres(payload).pool.query<{ value: string }>(
    `SELECT ${expression}::text AS value FROM articles a ${text.joins} WHERE a.id = $1${visibility}`,
    params,
  )
  const row = rows[0]
  if (!row) {
    throw new HttpError({
      code: 'bad_request',
      message: `after_id ${id} does not name an existing article; start the walk again or sort by id`,
    })
  }
  return row.value
}
