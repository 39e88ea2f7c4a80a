import type { Access } from 'payload'

import { isAdmin as principalIsAdmin } from '@/auth/roles'

export const isAdmin: Access = ({ req }) => principalIsAdmin(req.user)
