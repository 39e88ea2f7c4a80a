import type { Access, Where } from 'payload'

import { hasWriterRole } from '@/identity/roles'

/**
 * Preferences (column widths, open groups, the last locale) are the admin panel's, kept per
 * person: editors and admins reach their own, nobody else any (a customer or an API key would
 * only use them as free storage).
 */
export const ownPreferences: Access = ({ req: { user } }) => {
  if (!user || !hasWriterRole(user)) return false
  const own: Where[] = [
    { 'user.value': { equals: user.id } },
    { 'user.relationTo': { equals: user.collection } },
  ]
  return { and: own }
}
