import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { mediaInUseMessage } from '@/media/mediaUses'
import { findMediaUses } from '@/media/operations/findMediaUses'

/**
 * An image still shown is not deleted: deleting it would leave a hole in a published page or in
 * a draft about to be published. The answer is 409 naming each document that uses it (an
 * article's or a page's cover or rich text, published or in its current draft; a product's
 * gallery), so the editor can replace it there first. What counts as in use, and why older
 * versions do not: `src/media/mediaUses.ts`.
 */
export const refuseDeletingUsedMedia: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const uses = await findMediaUses(await transactionDatabase(req), Number(id))
  if (uses.length > 0) throw new APIError(mediaInUseMessage(uses), 409)
}
