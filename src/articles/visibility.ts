import { hasWriterRole, type Principal } from '@/identity/roles'
import type { ArticleStatus, CommentStatus } from './status'

/*
 * Who reads which articles and comments, defined once: the collections' read access (a Payload
 * `Where`), the SQL reads of the article API and search all derive their conditions from here.
 */

/** The status an article needs before a reader without the editor role may see it. */
export const publicArticleStatus = 'published' satisfies ArticleStatus

/** The status a comment needs before a reader without the editor role may see it. */
export const publicCommentStatus = 'approved' satisfies CommentStatus

/**
 * Whether `principal` reads articles and comments of every status: the people who write them
 * (authors, editors and admins).
 */
export const readsUnpublished = (principal: Principal) => hasWriterRole(principal)

/** "The article is public" in SQL, over the articles table or its alias `table`. */
export const publicArticleSql = (table: string) => `${table}._status = '${publicArticleStatus}'`

/** "The comment is public" in SQL, over the comments table or its alias `table`. */
export const publicCommentSql = (table: string) => `${table}.status = '${publicCommentStatus}'`
