import type { Access } from 'payload'

import { isEditor } from '@/identity/roles'

/** Published pages are public; editors and admins also read unpublished ones. */
export const publishedPagesOrEditor: Access = ({ req }) =>
  isEditor(req.user) ? true : { published: { equals: true } }
