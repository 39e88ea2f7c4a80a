import type { Access } from 'payload'

import { publicArticleStatus, readsUnpublished } from '@/articles/visibility'

/**
 * Published pages are public, to everyone (anonymous callers included); editors and admins also
 * read drafts. Publication is Payload's `_status`, as for articles.
 */
export const publishedPagesOrEditor: Access = ({ req }) =>
  readsUnpublished(req.user) ? true : { _status: { equals: publicArticleStatus } }
