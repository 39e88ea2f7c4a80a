import type { CollectionConfig, FieldAccess } from 'payload'

import { adminOrSelf } from './access/adminOrSelf'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { hasAdminRole, hasEditorRole, roles } from '@/identity/roles'
import { ensureFirstUserIsAdmin } from './hooks/ensureFirstUserIsAdmin'

const onlyAdmins: FieldAccess = ({ req }) => hasAdminRole(req.user)

/**
 * People who log in with e-mail and password: administrators and editors (the admin panel)
 * and customers (the storefront). Anyone may sign up, always as a customer.
 */
export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    tokenExpiration: 2 * 60 * 60,
    maxLoginAttempts: 10,
    lockTime: 10 * 60 * 1000,
  },
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'role', 'updatedAt'],
  },
  access: {
    admin: ({ req }) => hasEditorRole(req.user),
    create: anyone,
    read: adminOrSelf('users'),
    update: adminOrSelf('users'),
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [ensureFirstUserIsAdmin],
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'role',
      type: 'select',
      options: [...roles],
      defaultValue: 'customer',
      required: true,
      saveToJWT: true,
      access: { create: onlyAdmins, update: onlyAdmins },
    },
  ],
}
