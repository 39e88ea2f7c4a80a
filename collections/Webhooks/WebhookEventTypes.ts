import type { CollectionConfig } from 'payload'

import { isAdmin } from '../Identity/access/isAdmin'

/**
 * The event types subscriptions may ask for, seeded from `src/webhooks/eventCatalogue.ts`.
 * Admins manage them; an inactive type cannot be subscribed to.
 */
export const WebhookEventTypes: CollectionConfig = {
  slug: 'webhook-event-types',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'description', 'isActive'],
    group: 'Webhooks',
  },
  access: {
    read: () => true,
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      unique: true,
      validate: (value: unknown) =>
        typeof value === 'string' && /^(\*|[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)$/.test(value)
          ? true
          : 'Use the form <resource>.<action>, e.g. order.created',
    },
    { name: 'description', type: 'textarea' },
    {
      name: 'examplePayload',
      type: 'json',
      admin: {
        description:
          'Shown only for a type the service does not emit. For the types it emits, the API, the ' +
          'portal and test events use the example and field table of the code\u2019s catalogue.',
      },
    },
    { name: 'isActive', type: 'checkbox', defaultValue: true, index: true },
  ],
}
