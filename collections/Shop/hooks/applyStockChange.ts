import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import type { Product } from '@/payload-types'
import { validateStockDelta, validateStockReason } from '@/shop/stockAdjustment'
import { stockChangeOfProductSave } from './announceStockAdjustment'

/**
 * "Adjust stock by" on a product's form: a save that carries a delta and its reason records
 * a stock adjustment in the save's transaction, which moves the stock relative to what it is
 * then, and writes the stock that resulted (the row is locked since the update began, see
 * `lockRowsBeforeUpdate`, so nothing moved it in between). The editor never computes a number.
 */
export const applyStockChange: CollectionBeforeChangeHook<Product> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const delta = data.stockChange
  if (operation !== 'update' || !originalDoc || typeof delta !== 'number') return data
  // Checked here, before the adjustment is made (this hook runs before the product's fields are
  // validated): a refusal of the adjustment's own fields would name fields the product's form
  // does not have, and the admin panel could only show it in a toast, not beside the field.
  const errors = [
    { path: 'stockChange', label: 'Adjust stock by', verdict: validateStockDelta(delta) },
    {
      path: 'stockChangeReason',
      label: 'Reason',
      verdict: validateStockReason(data.stockChangeReason),
    },
  ].flatMap(({ verdict, ...field }) => (verdict === true ? [] : [{ ...field, message: verdict }]))
  if (errors.length) throw new ValidationError({ collection: 'products', errors, req })
  const adjustment = await req.payload.create({
    collection: 'stock-adjustments',
    data: { product: originalDoc.id, delta, reason: data.stockChangeReason ?? '' },
    req,
    overrideAccess: true,
    depth: 0,
    context: { [stockChangeOfProductSave]: true },
  })
  return { ...data, stock: adjustment.resultingStock ?? data.stock }
}
