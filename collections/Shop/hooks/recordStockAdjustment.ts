import type { CollectionBeforeChangeHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { RefusedRequest } from '@/http/refusedRequest'
import type { StockAdjustment } from '@/payload-types'
import { applyStockDelta } from '@/shop/operations/applyStockDelta'
import { stockChangeTags } from '@/shop/operations/stock'
import { holdChange } from '@/answerCache/operations/announceChange'

/**
 * A new adjustment moves its product's stock by its delta in the same transaction (so the
 * record exists exactly when the stock moved) and records the stock that resulted and who made
 * it: the user and, should the account later be renamed or deleted, their name as it was.
 * Recorded movements are history: changing one is refused (deleting too, see the collection).
 */
export const recordStockAdjustment: CollectionBeforeChangeHook<StockAdjustment> = async ({
  data,
  operation,
  req,
}) => {
  if (operation !== 'create') {
    throw new RefusedRequest('A stock adjustment cannot be changed; record another one', 403)
  }
  const product = data.product
  const productId = typeof product === 'object' && product !== null ? product.id : product
  if (typeof productId !== 'number' || typeof data.delta !== 'number') return data
  holdChange(req.payload, stockChangeTags([productId]))
  const resultingStock = await applyStockDelta(await transactionDatabase(req), {
    productId,
    delta: data.delta,
  })
  const user = req.user?.collection === 'users' ? req.user : null
  return {
    ...data,
    resultingStock,
    user: user?.id ?? null,
    userName: user ? user.name || user.email : 'system',
  }
}
