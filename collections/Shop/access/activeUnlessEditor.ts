import type { Access } from 'payload'

import { hasEditorRole } from '@/identity/roles'

/** Editors and admins see every record; everyone else only the active ones. */
export const activeUnlessEditor: Access = ({ req: { user } }) =>
  hasEditorRole(user) ? true : { active: { equals: true } }
