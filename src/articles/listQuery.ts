import type { ArticleStatus } from './status'

/** Fields an article list may be sorted by; `id` always breaks ties. */
export const articleSortFields = [
  'id',
  'created_at',
  'updated_at',
  'published_at',
  'title',
] as const
export type ArticleSortField = (typeof articleSortFields)[number]

/** Relations an article may embed (`include=author,tags`). */
export const articleIncludes = ['author', 'tags'] as const
export type ArticleInclude = (typeof articleIncludes)[number]

/** Which articles a list holds. */
export type ArticleFilters = {
  /** Only this status. */
  status?: ArticleStatus
  /** Only articles by this author. */
  authorId?: number
  /** Only articles created at or after this instant. */
  createdAfter?: Date
  /** Callers without the editor role see published articles only. */
  isPublishedOnly: boolean
}

/** The order of a list: a sort field and a direction, `id` in the same direction after it. */
export type ArticleOrder = { sort: ArticleSortField; direction: 'asc' | 'desc' }

/**
 * Where a keyset page starts: after the article `id`, whose sort value is `value` (as text, the
 * way PostgreSQL prints it) when the cursor carries it, or is looked up when it does not.
 */
export type KeysetAnchor = { id: number; value?: string }

/** Which slice of the list: a numbered page, or the rows after an anchor. */
export type ArticlePage =
  | { kind: 'offset'; page: number; perPage: number }
  | { kind: 'keyset'; limit: number; after?: KeysetAnchor }

/** An article as read from the database, before a version shapes it. */
export type ArticleRecord = {
  id: number
  title: string
  slug: string
  excerpt: string | null
  body: unknown
  status: ArticleStatus
  author_id: number
  tag_ids: number[]
  /** The cover image's media id. */
  cover_id: number | null
  published_at: Date | null
  /** When a scheduled publication of its latest draft will happen. */
  publish_at: Date | null
  /** When a scheduled unpublication will happen. */
  unpublish_at: Date | null
  created_at: Date
  updated_at: Date
  /** Its review stage (collections/Workflow), `null` before it has one. */
  review_stage: string | null
  /** The user it is assigned to, if any. */
  assignee_id: number | null
  /** Present when `author` was included. */
  author?: { id: number; name: string } | null
  /** Present when `tags` was included, in the article's order. */
  tags?: { id: number; name: string; slug: string }[]
  /** The sort value as text, for building the next cursor. */
  sort_value: string
}

/** One page of articles. */
export type ArticleSlice = {
  records: ArticleRecord[]
  /** Rows matching the filters (offset pages only). */
  total?: number
  /** Whether rows follow the page (keyset pages only). */
  hasMore?: boolean
}
