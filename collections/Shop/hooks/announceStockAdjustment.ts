import type { CollectionAfterChangeHook } from 'payload'

import type { StockAdjustment } from '@/payload-types'
import { ShopEvents } from '@/shop/webhookEventTypes'
import { toProductEventData } from '@/shop/productEvents'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { presentImages } from '@/media/operations/findImages'
import { configOf } from '@/config/appConfig'
import { documentText } from '@/db/documentLocales'
import { productText } from './announceProductChange'

/** Set by a product save that records an adjustment: the save announces the product itself. */
export const stockChangeOfProductSave = 'isStockChangeOfProductSave'

/**
 * An adjustment made by a person changes the product as an editor's save of it did:
 * `product.updated`, with the stock after it, while the product is active (consumers read no
 * inactive product: nothing then). Orders move stock without announcing products.
 */
export const announceStockAdjustment: CollectionAfterChangeHook<StockAdjustment> = async ({
  doc,
  operation,
  req,
  context,
}) => {
  if (
    operation !== 'create' ||
    context?.[stockChangeOfProductSave] ||
    context?.skipBusinessEvents
  ) {
    return doc
  }
  const productId = typeof doc.product === 'object' ? doc.product.id : doc.product
  const product = await req.payload.findByID({
    collection: 'products',
    id: productId,
    req,
    depth: 0,
    overrideAccess: true,
  })
  if (!product.active) return doc
  const images = await presentImages(req, product.images ?? [])
  await emitEvent({
    req,
    type: ShopEvents.ProductUpdated,
    // A stock change writes no text: in the default locale.
    data: toProductEventData(product, images, {
      ...(await documentText(req, { table: 'products', id: product.id, columns: productText })),
      locale: configOf(req.payload).content.locales[0],
    }),
  })
  return doc
}
