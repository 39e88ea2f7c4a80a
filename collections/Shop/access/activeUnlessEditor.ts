import type { Access } from 'payload'

import { isEditor } from '@/identity/roles'

/** Editors and admins see every record; everyone else only the active ones. */
export const activeUnlessEditor: Access = ({ req: { user } }) =>
  isEditor(user) ? true : { active: { equals: true } }
