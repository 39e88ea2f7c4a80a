import { type CollectionConfig } from 'payload'

import { isAdmin } from './access/isAdmin'
import { RefusedRequest } from '@/http/refusedRequest'

const appendOnly = () => {
  throw new RefusedRequest('Audit log entries cannot be changed or deleted', 403)
}

/**
 * The audit trail: one entry for every change a person, a key or the system's work makes
 * (`src/identity/operations/recordAudit.ts`, written in the change's transaction by the hooks
 * of `hooks/recordAuditTrail.ts` and by the operations that are not collection writes), and the
 * actions admins post to `POST /api/admin-action` (`source: caller-given`). Append-only: only the
 * server writes entries (SQL); nobody, admins included, can change or delete one through
 * Payload, not even through the Local API. Old entries go after `AUDIT_RETENTION_DAYS`.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  admin: {
    useAsTitle: 'action',
    defaultColumns: [
      'timestamp',
      'action',
      'source',
      'actorName',
      'via',
      'targetCollection',
      'targetId',
      'clientAddress',
    ],
    listSearchableFields: ['action', 'actorName', 'targetId', 'requestId'],
    group: 'Administration',
    description:
      'Every change, login and administrator action, newest first. "Caller-given" entries ' +
      'carry the action name an admin sent to POST /api/admin-action, not one the app recorded.',
  },
  defaultSort: '-timestamp',
  // A document's history: its page links to the entries of its collection and id.
  indexes: [{ fields: ['targetCollection', 'targetId'] }],
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
    {
      name: 'source',
      type: 'select',
      defaultValue: 'recorded',
      options: [
        { label: 'Recorded by the app', value: 'recorded' },
        { label: 'Caller-given (POST /api/admin-action)', value: 'caller-given' },
      ],
    },
    {
      name: 'actorType',
      label: 'Actor',
      type: 'select',
      defaultValue: 'user',
      options: [
        { label: 'User', value: 'user' },
        { label: 'API consumer', value: 'consumer' },
        { label: 'System', value: 'system' },
        { label: 'Anonymous', value: 'anonymous' },
      ],
    },
    { name: 'user', type: 'relationship', relationTo: 'users', index: true },
    { name: 'consumer', type: 'relationship', relationTo: 'consumers', index: true },
    {
      name: 'actorName',
      label: 'Actor name',
      type: 'text',
      admin: { description: "The user's e-mail or the consumer's name at the time." },
    },
    {
      name: 'via',
      type: 'text',
      admin: { description: 'The session, key or portal session, or the part of the system.' },
    },
    { name: 'targetCollection', label: 'Target collection', type: 'text' },
    { name: 'targetId', label: 'Target id', type: 'text' },
    { name: 'locale', type: 'text' },
    { name: 'timestamp', type: 'date', required: true, index: true },
    { name: 'clientAddress', label: 'Client address', type: 'text' },
    { name: 'requestId', label: 'Request id', type: 'text' },
    {
      name: 'changes',
      type: 'json',
      admin: {
        description:
          'Each changed field with its values, or only the fact for a secret (passwords, keys, ' +
          'secrets, tokens) or a long value.',
      },
    },
    { name: 'data', type: 'json' },
  ],
}
