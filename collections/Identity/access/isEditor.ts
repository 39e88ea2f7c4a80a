import type { Access } from 'payload'

import { isEditor as principalIsEditor } from '@/identity/roles'

/** Editors and admins. */
export const isEditor: Access = ({ req }) => principalIsEditor(req.user)
