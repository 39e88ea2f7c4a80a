import type { Access } from 'payload'

import { hasEditorRole } from '@/identity/roles'

/** Editors and admins. */
export const isEditor: Access = ({ req }) => hasEditorRole(req.user)
