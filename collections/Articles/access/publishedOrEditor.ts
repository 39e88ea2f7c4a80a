import type { Access } from 'payload'

import { publicArticleStatus, readsUnpublished } from '@/articles/visibility'

/**
 * Editors and admins read every status, drafts included; any other authenticated caller
 * (consumer or customer) reads only the published version; anonymous callers read nothing.
 */
export const publishedOrEditor: Access = ({ req }) => {
  if (readsUnpublished(req.user)) return true
  if (!req.user) return false
  return { _status: { equals: publicArticleStatus } }
}
