import type { Access, Where } from 'payload'

import { hasEditorRole } from '@/identity/roles'

/**
 * Editors and admins read every comment; other authenticated callers read approved comments of
 * published articles only, so that a draft's discussion does not leak before it is out.
 */
export const commentsVisible: Access = ({ req }) => {
  if (hasEditorRole(req.user)) return true
  if (!req.user) return false
  const approved: Where = { status: { equals: 'approved' } }
  const ofPublishedArticle: Where = { 'article.status': { equals: 'published' } }
  return { and: [approved, ofPublishedArticle] }
}
