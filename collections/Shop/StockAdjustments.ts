import type { CollectionConfig } from 'payload'

import { isEditor } from '../Identity/access/isEditor'
import { RefusedRequest } from '@/http/refusedRequest'
import { validateStockDelta, validateStockReason } from '@/shop/stockAdjustment'
import { announceStockAdjustment } from './hooks/announceStockAdjustment'
import { recordStockAdjustment } from './hooks/recordStockAdjustment'

/** Set by the server when the adjustment is recorded; no request sets it. */
const recordedByServer = { create: () => false, update: () => false }

/**
 * The stock movements people make, as inventory systems keep them: which product, by how many
 * units (a delta, never an absolute number), why, who, and the stock that resulted. Editors
 * record them (here, or with "Adjust stock by" on the product); nobody changes or deletes one.
 * Orders move stock too (checkout holds units, an expired or cancelled order puts them back);
 * they are their own record, except a refund's restock, which is an adjustment naming its order.
 */
export const StockAdjustments: CollectionConfig = {
  slug: 'stock-adjustments',
  labels: { singular: 'Stock adjustment', plural: 'Stock adjustments' },
  admin: {
    useAsTitle: 'reason',
    defaultColumns: ['createdAt', 'product', 'delta', 'resultingStock', 'reason', 'userName'],
    group: 'Shop',
    description:
      'Units received, counted, broken or returned, by hand. Each moves the stock by its delta at once; none can be changed or deleted.',
  },
  access: {
    read: isEditor,
    create: isEditor,
    update: () => false,
    delete: () => false,
  },
  hooks: {
    beforeChange: [recordStockAdjustment],
    afterChange: [announceStockAdjustment],
    beforeDelete: [
      () => {
        throw new RefusedRequest('A stock adjustment cannot be deleted; record another one', 403)
      },
    ],
  },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'product',
      type: 'relationship',
      relationTo: 'products',
      required: true,
      index: true,
    },
    {
      name: 'delta',
      type: 'number',
      required: true,
      label: 'Units',
      validate: (value: number | null | undefined) => validateStockDelta(value),
      admin: {
        step: 1,
        description: '+5 when 5 arrived, -2 when 2 broke.',
        components: { Cell: '/components/shop/StockDeltaCell#StockDeltaCell' },
      },
    },
    {
      name: 'reason',
      type: 'text',
      required: true,
      maxLength: 500,
      // Required (marked so) and not only spaces; the refusal stands beside the field.
      validate: (value: string | null | undefined) => validateStockReason(value),
      admin: { placeholder: 'Delivery from the supplier' },
    },
    {
      // Units an order's refund put back (src/shop/refunds/restockOrder.ts); none by hand.
      name: 'order',
      type: 'relationship',
      relationTo: 'orders',
      index: true,
      access: recordedByServer,
      admin: { readOnly: true, condition: (data) => Boolean(data?.order) },
    },
    {
      name: 'resultingStock',
      type: 'number',
      label: 'Stock after',
      access: recordedByServer,
      admin: { readOnly: true },
    },
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      access: recordedByServer,
      admin: { readOnly: true },
    },
    {
      name: 'userName',
      type: 'text',
      label: 'By',
      access: recordedByServer,
      admin: { readOnly: true, description: 'Their name when they made it.' },
    },
  ],
}
