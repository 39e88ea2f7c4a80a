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
import { publicArticleSql } from '../visibility'

/** The SQL expression and type of each sort field; `published_at` sorts drafts as earliest. */
const sortColumns: Record<ArticleSortField, { expression: string; type: string }> = {
  id: { expression: 'a.id', type: 'integer' },
  created_at: { expression: 'a.created_at', type: 'timestamptz' },
  updated_at: { expression: 'a.updated_at', type: 'timestamptz' },
  published_at: {
    expression: `coalesce(a.published_at, '-infinity'::timestamptz)`,
    type: 'timestamptz',
  },
  title: { expression: 'a.title', type: 'varchar' },
}

/**
 * When a pending job of Payload's queue will publish (`publish`) or unpublish the article: the
 * admin panel's "Schedule publish" and the API's `publish_at`/`unpublish_at` both queue one.
 */
const scheduled = (type: 'publish' | 'unpublish', name: string) =>
  `(SELECT min(j.wait_until) FROM payload_jobs j WHERE j.task_slug = 'schedulePublish'
    AND j.completed_at IS NULL AND NOT coalesce(j.has_error, false)
    AND j.input->'doc'->>'relationTo' = 'articles' AND j.input->'doc'->>'value' = a.id::text
    AND coalesce(j.input->>'type', 'publish') = '${type}') AS ${name}`

/** The article's own columns, publication status shown as `status`. */
const articleColumns = [
  'a.id, a.title, a.slug, a.excerpt, a.body, a._status AS status, a.author_id, a.cover_id',
  'a.published_at, a.created_at, a.updated_at',
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
 * shaped like an `articles` row aliased `a`, with `version_id` for its tags; none when the
 * article has no versions yet (written before drafts existed): its row is then its draft.
 */
const latestVersion = `(SELECT v.id AS version_id, v.parent_id AS id, v.version_title AS title,
    v.version_slug AS slug, v.version_excerpt AS excerpt, v.version_body AS body,
    v.version__status::text AS _status, v.version_author_id AS author_id,
    v.version_cover_id AS cover_id, v.version_published_at AS published_at,
    art.created_at, v.updated_at
  FROM _articles_v v JOIN articles art ON art.id = v.parent_id
  WHERE v.parent_id = $1 ORDER BY v.latest DESC NULLS LAST, v.id DESC LIMIT 1)`

const versionTagIds = `coalesce((SELECT array_agg(r.tags_id ORDER BY r."order") FROM _articles_v_rels r
  WHERE r.parent_id = a.version_id AND r.path = 'version.tags'), '{}') AS tag_ids`
const versionTags = `coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name,
  'slug', t.slug) ORDER BY r."order") FROM _articles_v_rels r JOIN tags t ON t.id = r.tags_id
  WHERE r.parent_id = a.version_id AND r.path = 'version.tags'), '[]') AS tags`

/**
 * Reads a page of articles with one query (plus a count for numbered pages), straight from
 * PostgreSQL: Payload's find pipeline would halve the throughput of the public list. Callers
 * pass the visibility they are allowed (`isPublishedOnly`), exactly what the collection's read
 * access grants.
 */
export async function findArticles(args: {
  payload: Payload
  filters: ArticleFilters
  order: ArticleOrder
  page: ArticlePage
  include: readonly ArticleInclude[]
}): Promise<ArticleSlice> {
  const { payload, filters, order, page, include } = args
  const params: unknown[] = []
  const bind = (value: unknown) => `$${params.push(value)}`
  const conditions = filterConditions(filters, bind)
  const { expression, type } = sortColumns[order.sort]
  const direction = order.direction === 'asc' ? 'ASC' : 'DESC'

  const countParams = [...params]
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
          : (page.after.value ?? (await anchorValue(payload, expression, page.after.id)))
      const comparison = order.direction === 'asc' ? '>' : '<'
      keysetCondition = [
        `(${expression}, a.id) ${comparison} (${bind(value)}::${type}, ${bind(page.after.id)}::integer)`,
      ]
    }
    tail = `LIMIT ${bind(page.limit + 1)}`
  } else {
    tail = `LIMIT ${bind(page.perPage)} OFFSET ${bind((page.page - 1) * page.perPage)}`
  }

  const columns = [
    ...articleColumns,
    tagIds,
    `${expression}::text AS sort_value`,
    ...(include.includes('author') ? [embeddedAuthor] : []),
    ...(include.includes('tags') ? [embeddedTags] : []),
  ]
  // The page's ids first, then their columns: PostgreSQL computes the select list (with its
  // subqueries) for every row an OFFSET skips, which made deep pages take seconds.
  const orderBy = `ORDER BY ${expression} ${direction}, a.id ${direction}`
  const text = `SELECT ${columns.join(', ')} FROM articles a
    JOIN (SELECT a.id FROM articles a ${whereClause(keysetCondition)} ${orderBy} ${tail}) page
    ON page.id = a.id ${orderBy}`

  const [rowsResult, countResult] = await Promise.all([
    postgres(payload).pool.query<ArticleRecord>(text, params),
    page.kind === 'offset'
      ? postgres(payload).pool.query<{ total: number }>(
          `SELECT count(*)::integer AS total FROM articles a ${whereClause()}`,
          countParams,
        )
      : undefined,
  ])
  const records = rowsResult.rows
  if (page.kind === 'keyset') {
    const hasMore = records.length > page.limit
    return { records: hasMore ? records.slice(0, page.limit) : records, hasMore }
  }
  return { records, total: countResult?.rows[0]?.total ?? 0 }
}

/** One article by id, or undefined when it does not exist or is hidden from the caller. */
export async function findArticle(args: {
  payload: Payload
  id: number
  isPublishedOnly: boolean
  include: readonly ArticleInclude[]
}): Promise<ArticleRecord | undefined> {
  const params: unknown[] = [args.id]
  const visibility = args.isPublishedOnly ? ` AND ${publicArticleSql('a')}` : ''
  const columns = [
    ...articleColumns,
    tagIds,
    `a.id::text AS sort_value`,
    ...(args.include.includes('author') ? [embeddedAuthor] : []),
    ...(args.include.includes('tags') ? [embeddedTags] : []),
  ]
  const { rows } = await postgres(args.payload).pool.query<ArticleRecord>(
    `SELECT ${columns.join(', ')} FROM articles a WHERE a.id = $1${visibility}`,
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
}): Promise<ArticleRecord | undefined> {
  const columns = [
    ...articleColumns,
    versionTagIds,
    `a.id::text AS sort_value`,
    ...(args.include.includes('author') ? [embeddedAuthor] : []),
    ...(args.include.includes('tags') ? [versionTags] : []),
  ]
  const { rows } = await postgres(args.payload).pool.query<ArticleRecord>(
    `SELECT ${columns.join(', ')} FROM ${latestVersion} a`,
    [args.id],
  )
  return rows[0] ?? (await findArticle({ ...args, isPublishedOnly: false }))
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
 * The sort value of the article a keyset page starts after. The anchor may be any article, even
 * one the caller cannot see: only its position is used, never its content.
 */
async function anchorValue(payload: Payload, expression: string, id: number): Promise<string> {
  const { rows } = await postgres(payload).pool.query<{ value: string }>(
    `SELECT ${expression}::text AS value FROM articles a WHERE a.id = $1`,
    [id],
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
