import type { Payload } from 'payload'

import type { CommentStatus } from '../status'
import { postgres } from '@/db/transaction'
import { publicArticleSql, publicCommentSql } from '../visibility'

/** A comment as read from the database. */
export type CommentRecord = {
  id: number
  article_id: number
  author_name: string
  body: string
  status: CommentStatus
  created_at: Date
}

/**
 * A page of an article's comments, oldest first, or undefined when the article does not exist
 * or is hidden from the caller. Callers without the editor role see approved comments of
 * published articles only, as the collections' read access grants.
 */
export async function findComments(args: {
  payload: Payload
  articleId: number
  isPublishedOnly: boolean
  page: number
  perPage: number
}): Promise<{ records: CommentRecord[]; total: number } | undefined> {
  const { payload, articleId, isPublishedOnly, page, perPage } = args
  const { rows: articles } = await postgres(payload).pool.query(
    `SELECT 1 FROM articles a WHERE a.id = $1${isPublishedOnly ? ` AND ${publicArticleSql('a')}` : ''}`,
    [articleId],
  )
  if (!articles.length) return undefined
  const visibility = isPublishedOnly ? ` AND ${publicCommentSql('c')}` : ''
  const [rows, count] = await Promise.all([
    postgres(payload).pool.query<CommentRecord>(
      `SELECT c.id, c.article_id, c.author_name, c.body, c.status, c.created_at
       FROM comments c WHERE c.article_id = $1${visibility}
       ORDER BY c.created_at, c.id LIMIT $2 OFFSET $3`,
      [articleId, perPage, (page - 1) * perPage],
    ),
    postgres(payload).pool.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM comments c WHERE c.article_id = $1${visibility}`,
      [articleId],
    ),
  ])
  return { records: rows.rows, total: count.rows[0]?.total ?? 0 }
}
