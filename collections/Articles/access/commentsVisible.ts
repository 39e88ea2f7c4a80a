import type { Access, Where } from 'payload'

import { publicArticleStatus, publicCommentStatus } from '@/articles/visibility'
import { hasEditorRole } from '@/identity/roles'

/**
 * Editors and admins read every comment; other authenticated callers read approved comments of
 * published articles only, so that a draft's discussion does not leak before it is out.
 */
export const commentsVisible: Access = ({ req }) => {
  if (hasEditorRole(req.user)) return true
  if (!req.user) return false
  const approved: Where = { status: { equals: publicCommentStatus } }
  const ofPublishedArticle: Where = { 'article._status': { equals: publicArticleStatus } }
  return { and: [approved, ofPublishedArticle] }
}
