import type { Access } from 'payload'

import { hasEditorRole } from '@/identity/roles'

/** Published pages are public; editors and admins also read unpublished ones. */
export const publishedPagesOrEditor: Access = ({ req }) =>
  hasEditorRole(req.user) ? true : { published: { equals: true } }
