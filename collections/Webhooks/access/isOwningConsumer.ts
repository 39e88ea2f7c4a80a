import type { Access } from 'payload'

import { hasAdminRole, isConsumer } from '@/identity/roles'

/**
 * Admins reach every record; a consumer reaches only the records whose `ownerPath` (e.g.
 * `consumer`, or `subscription.consumer` through a relation) is itself; everyone else nothing.
 */
export const isOwningConsumer =
  (ownerPath: string): Access =>
  ({ req: { user } }) => {
    if (hasAdminRole(user)) return true
    if (!user || !isConsumer(user)) return false
    return { [ownerPath]: { equals: user.id } }
  }
