import type { Access } from 'payload'

import { hasEditorRole } from '@/identity/roles'

/**
 * Editors and admins read every status; any other authenticated caller (consumer or customer)
 * reads only published documents; anonymous callers read nothing.
 */
export const publishedOrEditor: Access = ({ req }) => {
  if (hasEditorRole(req.user)) return true
  if (!req.user) return false
  return { status: { equals: 'published' } }
}
