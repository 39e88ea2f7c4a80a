import type { CollectionAfterChangeHook } from 'payload'

import { presentImages } from '@/media/operations/findImages'
import type { Product } from '@/payload-types'
import { ShopEvents } from '@/shop/webhookEventTypes'
import { toProductEventData } from '@/shop/productEvents'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { documentText, writtenLocale } from '@/db/documentLocales'

/** The localized text of a product (`products_locales`): what says a locale has its text. */
export const productText = ['name', 'description'] as const

/*
 * The `product.*` business events. API consumers (and anonymous callers) read active products
 * only (`activeUnlessEditor`), so an event never describes an inactive one:
 * - created active, or activated (again): `product.created`, with the product ("created" as the
 *   consumer sees it: a deactivated product is gone from the API, and its return is news);
 * - an active product saved: `product.updated`, with the product;
 * - an active product deactivated: `product.updated` naming it only (`id`, `slug`,
 *   `active: false`), whatever else the save changed;
 * - an inactive product created or saved: nothing.
 * Products have no drafts: `previousDoc` is the row before the save (locked since the update
 * began, `lockRowsBeforeUpdate`). A stock adjustment announces its product the same way
 * (`announceStockAdjustment`); stock moved by orders announces nothing. The name is the default
 * locale's whatever locale the save wrote; `locale` says which one that was, `locales` which
 * have text.
 */
export const announceProductChange: CollectionAfterChangeHook<Product> = async ({
  doc,
  previousDoc,
  operation,
  req,
  context,
}) => {
  if (context?.skipBusinessEvents) return doc
  const wasActive = operation === 'update' && Boolean(previousDoc?.active)
  if (!wasActive && !doc.active) return doc
  const images = doc.active ? await presentImages(req, doc.images ?? []) : []
  await emitEvent({
    req,
    type: wasActive ? ShopEvents.ProductUpdated : ShopEvents.ProductCreated,
    data: toProductEventData(doc, images, {
      ...(await documentText(req, { table: 'products', id: doc.id, columns: productText })),
      locale: writtenLocale(req),
    }),
  })
  return doc
}
