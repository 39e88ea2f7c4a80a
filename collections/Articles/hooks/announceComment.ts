import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { publicArticleSql, publicCommentStatus } from '@/articles/visibility'
import { transactionDatabase } from '@/db/transaction'
import type { Comment } from '@/payload-types'
import { ArticleEvents } from '@/articles/webhookEventTypes'
import { toCommentEventData } from '@/articles/commentEvents'
import { emitEvent } from '@/webhooks/operations/emitEvent'

/*
 * `comment.created`, sent when API consumers can first read the comment (`commentsVisible`:
 * approved, on a published article), never before: a comment posted approved on a published
 * article at once, a pending one when an editor approves it while its article is published.
 * A pending comment, or one on an article that is not published, is announced to nobody. A
 * comment that becomes readable only because its article is published is not announced one by
 * one (the article is: `article.created`, and its comments are read with it); a comment that
 * stops being readable (unapproved, deleted) has no event.
 */

async function isArticlePublic(req: PayloadRequest, article: Comment['article']) {
  const id = typeof article === 'object' ? article.id : article
  const db = await transactionDatabase(req)
  const { rows } = await db.execute(
    sql`SELECT 1 FROM articles a WHERE a.id = ${id} AND ${sql.raw(publicArticleSql('a'))}`,
  )
  return rows.length > 0
}

/** `afterChange` of comments: announces a comment once consumers can read it. */
export const announceComment: CollectionAfterChangeHook<Comment> = async ({
  doc,
  previousDoc,
  operation,
  req,
  context,
}) => {
  if (context?.skipBusinessEvents || doc.status !== publicCommentStatus) return doc
  // Approved before this save: announced then (or its article was not published).
  if (operation === 'update' && previousDoc?.status === publicCommentStatus) return doc
  if (await isArticlePublic(req, doc.article)) {
    await emitEvent({ req, type: ArticleEvents.CommentCreated, data: toCommentEventData(doc) })
  }
  return doc
}
