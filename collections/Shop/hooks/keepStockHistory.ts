import { type CollectionBeforeDeleteHook } from 'payload'

import { RefusedRequest } from '@/http/refusedRequest'

/**
 * A product whose stock was adjusted by hand cannot be deleted (its stock history would lose
 * what it was about): deactivate it instead, as for an ordered product.
 */
export const keepStockHistory: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({
    collection: 'stock-adjustments',
    where: { product: { equals: id } },
    req,
    overrideAccess: true,
  })
  if (totalDocs > 0) {
    throw new RefusedRequest(
      `Product ${id} has ${totalDocs} stock adjustment${totalDocs === 1 ? '' : 's'}; deactivate it instead of deleting it`,
      409,
    )
  }
}
