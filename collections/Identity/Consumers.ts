import { randomUUID } from 'node:crypto'

import type { Access, CollectionConfig } from 'payload'

import { adminOrSelf } from './access/adminOrSelf'
import { isAdmin } from './access/isAdmin'
import { apiKeyHeaderStrategy } from './auth/apiKeyHeaderStrategy'
import { deleteConsumerSubscriptions } from './hooks/deleteConsumerSubscriptions'
import { carryOutConsumerSuspension } from './hooks/carryOutConsumerSuspension'
import { stampSuspension } from '../../hooks/stampSuspension'
import { suspensionFields } from './fields/suspensionFields'

/**
 * API consumers: the integrators who call the API with a key and own webhook subscriptions.
 * They never log in with a password; admins issue and revoke their keys in the admin panel.
 */
export const Consumers: CollectionConfig = {
  slug: 'consumers',
  auth: {
    useAPIKey: true,
    disableLocalStrategy: true,
    strategies: [apiKeyHeaderStrategy],
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'email', 'suspended', 'updatedAt'],
  },
  access: {
    read: adminOrSelf('consumers') satisfies Access,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [stampSuspension],
    afterChange: [carryOutConsumerSuspension],
    beforeDelete: [deleteConsumerSubscriptions],
  },
  fields: [
    {
      name: 'id',
      type: 'text',
      defaultValue: () => randomUUID(),
      admin: { readOnly: true },
    },
    { name: 'name', type: 'text', required: true },
    { name: 'email', label: 'Contact e-mail', type: 'email', required: true },
    {
      // An admin opens the consumer's integrator portal from here (src/components/admin).
      name: 'portal',
      type: 'ui',
      admin: { components: { Field: '/components/admin/OpenPortalButtons#OpenPortalButtons' } },
    },
    ...suspensionFields(
      'consumer',
      'its API key is refused (403 naming the suspension), its portal sessions end at once, and its webhook deliveries are held (queued, not sent and not lost) until the suspension ends.',
    ),
  ],
}
