import type { CollectionConfig } from 'payload'

import { activeUnlessEditor } from './access/activeUnlessEditor'
import { isEditor } from '../Identity/access/isEditor'
import { keepOrderedProducts } from './hooks/keepOrderedProducts'
import { slugFromName } from './hooks/slugFromName'
import { maxPrice, validatePrice } from '@/shop/validatePrice'
import { emitBusinessEvent } from '../../hooks/emitBusinessEvent'
import { lockRowsBeforeUpdate } from '../../hooks/lockRowsBeforeUpdate'
import { toProductEventData } from '@/webhooks/eventData'
import type { Product } from '@/payload-types'
import { WebhookEvents } from '@/webhooks/eventCatalogue'

/**
 * What the shop sells. Editors and admins manage products in the admin panel; everyone reads
 * the active ones. `price` is a Payload number field, stored as PostgreSQL `numeric` (exact);
 * checkout reads it back as text, so no binary float ever touches an amount. `stock` is only
 * ever decremented conditionally (see the checkout operation), never below zero.
 */
const productEvents = emitBusinessEvent<Product>({
  created: WebhookEvents.ProductCreated,
  updated: WebhookEvents.ProductUpdated,
  toPayload: toProductEventData,
})

export const Products: CollectionConfig = {
  slug: 'products',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'price', 'stock', 'active', 'updatedAt'],
    group: 'Shop',
  },
  access: {
    read: activeUnlessEditor,
    create: isEditor,
    update: isEditor,
    delete: isEditor,
  },
  // Stock moved by checkout, cancellation and expiry is raw SQL and announces no product.updated.
  hooks: {
    beforeOperation: [lockRowsBeforeUpdate('products')],
    afterChange: [productEvents.afterChange],
    beforeDelete: [keepOrderedProducts],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { position: 'sidebar', description: 'Filled from the name when left empty' },
      hooks: { beforeValidate: [slugFromName] },
    },
    { name: 'description', type: 'textarea' },
    {
      name: 'price',
      type: 'number',
      required: true,
      min: 0,
      max: maxPrice,
      validate: validatePrice,
      label: 'Price (RUB)',
      admin: {
        step: 0.01,
        description: 'In roubles, up to 4 decimal places',
        components: { Cell: '/components/shop/MoneyCell#MoneyCell' },
      },
    },
    {
      name: 'stock',
      type: 'number',
      required: true,
      defaultValue: 0,
      min: 0,
      validate: (value: number | null | undefined) =>
        Number.isSafeInteger(value) && (value ?? -1) >= 0
          ? true
          : 'Stock is a whole number, at least 0',
      // System-owned after creation: orders and recorded adjustments move it (see below).
      access: { update: () => false },
      admin: { step: 1 },
    },
    {
      name: 'active',
      type: 'checkbox',
      defaultValue: true,
      index: true,
      admin: { components: { Cell: '/components/admin/YesNoCell#YesNoCell' } },
    },
  ],
}
