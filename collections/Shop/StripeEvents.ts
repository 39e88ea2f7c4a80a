import type { CollectionConfig } from 'payload'

import { isAdmin } from '../Identity/access/isAdmin'

/**
 * Ids of the Stripe events already processed: the unique `eventId` makes a redelivered (or
 * concurrently delivered) event change orders once. Written only by the webhook operation.
 */
export const StripeEvents: CollectionConfig = {
  slug: 'stripe-events',
  admin: {
    useAsTitle: 'eventId',
    defaultColumns: ['eventId', 'type', 'createdAt'],
    group: 'Shop',
  },
  access: {
    read: isAdmin,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  fields: [
    { name: 'eventId', type: 'text', required: true, unique: true },
    { name: 'type', type: 'text', required: true },
  ],
}
