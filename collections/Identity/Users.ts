import type { CollectionConfig, FieldAccess } from 'payload'

import { adminOrSelf } from './access/adminOrSelf'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { selfOrColleague } from './access/selfOrColleague'
import { hasAdminRole, hasWriterRole, roles } from '@/identity/roles'
import { ensureFirstUserIsAdmin } from './hooks/ensureFirstUserIsAdmin'
import { forgetFailedLogins, throttleCredentialRoutes } from './hooks/throttleCredentialRoutes'

const onlyAdmins: FieldAccess = ({ req }) => hasAdminRole(req.user)

/**
 * People who log in with e-mail and password: administrators, editors and authors (the admin panel)
 * and customers (the storefront). Anyone may sign up, always as a customer.
 */
export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    tokenExpiration: 2 * 60 * 60,
    // No account lockout (anyone could lock an admin out): credential routes are throttled
    // per client address and per account and address instead (`throttleCredentialRoutes`).
    maxLoginAttempts: 0,
  },
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'role', 'updatedAt'],
  },
  access: {
    admin: ({ req }) => hasWriterRole(req.user),
    create: anyone,
    read: selfOrColleague,
    update: adminOrSelf('users'),
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [ensureFirstUserIsAdmin],
    beforeOperation: [throttleCredentialRoutes],
    afterLogin: [forgetFailedLogins],
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
