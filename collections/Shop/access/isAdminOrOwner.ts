import type { Access } from 'payload'

import { hasAdminRole, isUser } from '@/identity/roles'

/**
 * Admins reach every record; a signed-in user reaches the records whose `user` field names
 * them (their own orders); everyone else nothing.
 */
export const isAdminOrOwner: Access = ({ req: { user } }) => {
  if (hasAdminRole(user)) return true
  if (!user || !isUser(user)) return false
  return { user: { equals: user.id } }
}
