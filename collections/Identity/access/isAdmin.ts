import type { Access } from 'payload'

import { isAdmin as principalIsAdmin } from '@/identity/roles'

export const isAdmin: Access = ({ req }) => principalIsAdmin(req.user)
