import { type CollectionConfig } from 'payload'

import { isAdmin } from './access/isAdmin'
import { RefusedRequest } from '@/http/refusedRequest'

const appendOnly = () => {
  throw new RefusedRequest('Audit log entries cannot be changed or deleted', 403)
}

/**
 * Append-only record of administrator actions. Only the server writes entries; nobody,
 * admins included, can change or delete one, not even through the Local API.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  admin: {
    useAsTitle: 'action',
    defaultColumns: ['action', 'user', 'timestamp'],
    group: 'Administration',
  },
  access: {
    read: isAdmin,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  hooks: {
    beforeChange: [({ operation, data }) => (operation === 'update' ? appendOnly() : data)],
    beforeDelete: [appendOnly],
  },
  fields: [
    { name: 'action', type: 'text', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'timestamp', type: 'date', required: true, index: true },
    { name: 'data', type: 'json' },
  ],
}
