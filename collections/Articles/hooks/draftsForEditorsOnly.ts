import type { CollectionBeforeOperationHook } from 'payload'

import { readsUnpublished } from '@/articles/visibility'

/**
 * A read asking for drafts (`?draft=true` on Payload's REST, `draft: true` in the Local API) by
 * someone without the editor role reads the published versions instead: read access alone
 * would hide a published document whose newest version is a draft, not show its published text.
 */
export const draftsForEditorsOnly: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'read' && 'draft' in args && args.draft && !readsUnpublished(req.user)) {
    return { ...args, draft: false }
  }
  return args
}
