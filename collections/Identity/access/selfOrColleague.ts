import type { Access, Where } from 'payload'

import { hasAdminRole, hasWriterRole } from '@/identity/roles'

/**
 * Users as each reads them: admins every account; the people who write content (authors,
 * editors) their own and their colleagues' (to assign a document in review to one of them);
 * anyone else signed in as a user only their own; nobody else any.
 */
export const selfOrColleague: Access = ({ req: { user } }) => {
  if (hasAdminRole(user)) return true
  if (!user || user.collection !== 'users') return false
  const own: Where = { id: { equals: user.id } }
  if (!hasWriterRole(user)) return own
  return { or: [own, { role: { in: ['author', 'editor', 'admin'] } }] }
}
