import type { Access } from 'payload'

import { isEditor as principalIsEditor } from '@/auth/roles'

/** Editors and admins. */
export const isEditor: Access = ({ req }) => principalIsEditor(req.user)
