import type { Access } from 'payload'

import { hasWriterRole } from '@/identity/roles'

/** Authors, editors and admins see every record; everyone else only the active ones. */
export const activeUnlessEditor: Access = ({ req: { user } }) =>
  hasWriterRole(user) ? true : { active: { equals: true } }
