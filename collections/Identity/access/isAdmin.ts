import type { Access } from 'payload'

import { hasAdminRole } from '@/identity/roles'

/** Administrators only. */
export const isAdmin: Access = ({ req }) => hasAdminRole(req.user)
