import { type CollectionBeforeDeleteHook } from 'payload'
import { RefusedRequest } from '@/http/refusedRequest'

/**
 * A product that orders refer to cannot be deleted (the orders would lose what they sold):
 * deactivate it instead, which takes it out of the catalogue and of checkout.
 */
export const keepOrderedProducts: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({
    collection: 'orders',
    where: { 'items.product': { equals: id } },
    req,
    overrideAccess: true,
  })
  if (totalDocs > 0) {
    throw new RefusedRequest(
      `Product ${id} is in ${totalDocs} order${totalDocs === 1 ? '' : 's'}; deactivate it instead of deleting it`,
      409,
    )
  }
}
