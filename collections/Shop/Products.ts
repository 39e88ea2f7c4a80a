import type { CollectionConfig } from 'payload'

import { activeUnlessEditor } from './access/activeUnlessEditor'
import { deletesInactiveProducts, writesInactiveProducts } from '../Workflow/access/writerAccess'
import { keepAuthorsToInactiveProducts } from '../Workflow/hooks/keepAuthorsToDrafts'
import { announceProductChange } from './hooks/announceProductChange'
import { applyStockChange } from './hooks/applyStockChange'
import { emptyStockChange } from './hooks/emptyStockChange'
import { keepOrderedProducts } from './hooks/keepOrderedProducts'
import { keepStockHistory } from './hooks/keepStockHistory'
import { slugFromName } from './hooks/slugFromName'
import { maxPrice, validatePrice } from '@/shop/validatePrice'
import { validateStockDelta, validateStockReason } from '@/shop/stockAdjustment'
import { hasAuthorRole, hasEditorRole } from '@/identity/roles'
import { lockRowsBeforeUpdate } from '../../hooks/lockRowsBeforeUpdate'
import { indexForSearch } from '../../hooks/indexForSearch'

const searchIndex = indexForSearch('products')

/** Shown on an existing product's form, not on a new one's (its stock is set directly). */
const onlyWhenEditing = (
  _data: unknown,
  _siblingData: unknown,
  { operation }: { operation?: string },
) => operation === 'update'

/**
 * What the shop sells. Editors and admins manage products in the admin panel; everyone reads
 * the active ones. `price` is a Payload number field, stored as PostgreSQL `numeric` (exact);
 * checkout reads it back as text, so no binary float ever touches an amount.
 *
 * `stock` is set when a product is created; after that only the system moves it, always
 * relative to its current value: orders (checkout holds units, never below zero; an expired or
 * cancelled order puts them back) and stock adjustments people record with a delta and a reason
 * (`stock-adjustments`, or "Adjust stock by" here). No form or REST update writes it: a form
 * sends back every field it loaded, and a stale stock would undo a checkout (oversell).
 */
export const Products: CollectionConfig = {
  slug: 'products',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'price', 'stock', 'active', 'updatedAt'],
    group: 'Shop',
  },
  access: {
    read: activeUnlessEditor,
    // Authors write inactive products; editors and admins make them active (collections/Workflow).
    create: writesInactiveProducts,
    update: writesInactiveProducts,
    delete: deletesInactiveProducts,
  },
  // Stock moved by checkout, cancellation and expiry is raw SQL and announces no product.updated.
  hooks: {
    beforeOperation: [keepAuthorsToInactiveProducts, lockRowsBeforeUpdate('products')],
    beforeChange: [applyStockChange],
    afterChange: [searchIndex.afterChange, announceProductChange, emptyStockChange],
    afterDelete: [searchIndex.afterDelete],
    beforeDelete: [keepOrderedProducts, keepStockHistory],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200, localized: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { position: 'sidebar', description: 'Filled from the name when left empty' },
      hooks: { beforeValidate: [slugFromName] },
    },
    { name: 'description', type: 'textarea', localized: true },
    {
      name: 'images',
      type: 'upload',
      relationTo: 'media',
      hasMany: true,
      maxRows: 20,
      admin: {
        description: 'The gallery, in the order the shop shows it; the first is the main image.',
      },
    },
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
      // System-owned after creation (see above).
      access: { update: () => false },
      admin: {
        step: 1,
        description:
          'Units on the shelf, less those held by unpaid orders. Set when the product is created; then orders move it (checkout holds units, an expired or cancelled order puts them back) and so do adjustments: "Adjust stock by" below.',
      },
    },
    {
      type: 'row',
      admin: { condition: onlyWhenEditing },
      fields: [
        {
          name: 'stockChange',
          type: 'number',
          virtual: true,
          label: 'Adjust stock by',
          validate: (value: number | null | undefined) =>
            validateStockDelta(value, { isOptional: true }),
          admin: {
            // Virtual fields are read-only in the admin panel unless told otherwise.
            readOnly: false,
            step: 1,
            placeholder: '+5 or -2',
            description:
              'Units in or out: 5 when 5 arrived, -2 when 2 broke. Applied on Save to the stock as it is then.',
          },
        },
        {
          name: 'stockChangeReason',
          type: 'text',
          virtual: true,
          label: 'Reason',
          maxLength: 500,
          validate: (
            value: string | null | undefined,
            { siblingData }: { siblingData: unknown },
          ) =>
            typeof (siblingData as { stockChange?: unknown })?.stockChange === 'number'
              ? validateStockReason(value)
              : true,
          admin: {
            readOnly: false,
            placeholder: 'Delivery from the supplier',
            description: 'Required with units.',
            // Marked required: it is, whenever units are given (and only then).
            components: { Label: '/components/admin/RequiredLabel#RequiredLabel' },
          },
        },
      ],
    },
    {
      name: 'active',
      type: 'checkbox',
      // An author's new product waits, inactive, for an editor.
      defaultValue: ({ user }: { user?: { collection?: string; role?: string | null } | null }) =>
        !hasAuthorRole(user),
      index: true,
      admin: { components: { Cell: '/components/admin/YesNoCell#YesNoCell' } },
    },
    {
      name: 'stockHistory',
      type: 'join',
      collection: 'stock-adjustments',
      on: 'product',
      label: 'Stock adjustments',
      defaultSort: '-createdAt',
      defaultLimit: 10,
      access: { read: ({ req }) => hasEditorRole(req.user) },
      admin: {
        allowCreate: false,
        defaultColumns: ['createdAt', 'delta', 'resultingStock', 'reason', 'userName'],
        components: { Field: '/components/shop/StockHistoryField#StockHistoryField' },
        condition: onlyWhenEditing,
      },
    },
  ],
}
