import { randomUUID } from 'node:crypto'

import type { Access, CollectionConfig } from 'payload'

import { adminOrSelf } from './access/adminOrSelf'
import { isAdmin } from './access/isAdmin'
import { apiKeyHeaderStrategy } from './auth/apiKeyHeaderStrategy'
import { cancelRevokedDeliveries } from './hooks/cancelRevokedDeliveries'
import { deleteConsumerSubscriptions } from './hooks/deleteConsumerSubscriptions'
import { carryOutConsumerSuspension } from './hooks/carryOutConsumerSuspension'
import { stampSuspension } from '../../hooks/stampSuspension'
import { suspensionFields } from './fields/suspensionFields'
import { contentGrant, grantCatalogue } from '@/webhooks/eventCatalogue'

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
    defaultColumns: ['name', 'email', 'grants', 'suspended', 'updatedAt'],
  },
  access: {
    read: adminOrSelf('consumers') satisfies Access,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [stampSuspension],
    afterChange: [carryOutConsumerSuspension, cancelRevokedDeliveries],
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
      // What the consumer may receive and read: each event type needs one grant (its domain
      // declares it, src/composition/webhookEventTypes.ts registers it). Only admins change it
      // (the collection's `update`); taking one away cancels the deliveries of its types.
      name: 'grants',
      type: 'select',
      hasMany: true,
      // The grants the domains declared: read when the config is built, after the composition
      // root registered them (payload.config.ts imports it first).
      options: grantCatalogue.map((grant) => ({ value: grant.name, label: grant.label })),
      defaultValue: [contentGrant.name],
      admin: {
        description:
          'What this consumer may subscribe to, receive and read. Removing a grant cancels ' +
          'the deliveries of its event types still to be sent.',
        components: { Field: '/components/admin/GrantCheckboxes#GrantCheckboxes' },
        // What each grant lets the consumer receive, beside its checkbox.
        custom: {
          grantDescriptions: Object.fromEntries(
            grantCatalogue.map((grant) => [grant.name, grant.description]),
          ),
        },
      },
    },
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
