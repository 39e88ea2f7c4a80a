import type { Access } from 'payload'

import { publicArticleStatus, readsUnpublished } from '@/articles/visibility'

/**
 * Editors and admins read every status; any other authenticated caller (consumer or customer)
 * reads only published documents; anonymous callers read nothing.
 */
export const publishedOrEditor: Access = ({ req }) => {
  if (readsUnpublished(req.user)) return true
  if (!req.user) return false
  return { status: { equals: publicArticleStatus } }
}
