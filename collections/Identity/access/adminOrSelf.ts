import type { Access, CollectionSlug } from 'payload'

import { hasAdminRole } from '@/identity/roles'

/**
 * Admins reach every record of the auth collection `slug`; anyone authenticated in that same
 * collection reaches only their own record; everyone else nothing.
 */
export const adminOrSelf =
  (slug: CollectionSlug): Access =>
  ({ req: { user } }) => {
    if (hasAdminRole(user)) return true
    if (!user || user.collection !== slug) return false
    return { id: { equals: user.id } }
  }
