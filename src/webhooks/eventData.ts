import type { ArticleEventData, CommentEventData } from './eventCatalogue'
import type { ArticleStatus, CommentStatus } from '@/articles/status'

/** A relation as Payload hands it to hooks: the id, or the document at depth > 0. */
type Relation = number | { id: number } | null | undefined

const idOf = (relation: Relation) =>
  relation === null || relation === undefined
    ? null
    : typeof relation === 'object'
      ? relation.id
      : relation

/** Payload of `article.created`, `article.updated` and `article.deleted`. */
export function articleEventPayload(doc: {
  id: number
  title: string
  slug: string
  status: ArticleStatus
  author: Relation
  publishedAt?: string | null
  createdAt: string
  updatedAt: string
}): ArticleEventData {
  return {
    id: doc.id,
    title: doc.title,
    slug: doc.slug,
    status: doc.status,
    author_id: idOf(doc.author),
    published_at: doc.publishedAt ?? null,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
  }
}

/** Payload of `comment.created`. */
export function commentEventPayload(doc: {
  id: number
  article: Relation
  status: CommentStatus
  createdAt: string
}): CommentEventData {
  return {
    id: doc.id,
    article_id: idOf(doc.article),
    status: doc.status,
    created_at: doc.createdAt,
  }
}
