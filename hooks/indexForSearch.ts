import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { configOf } from '@/config/appConfig'
import { transactionDatabase } from '@/db/transaction'
import { refreshSearchEntries, removeSearchEntries } from '@/search/operations/refreshSearchEntries'
import type { SearchTargetName } from '@/search/searchTargets'

/**
 * Keeps `target`'s search entries (src/search) in step with its documents, in the write's own
 * transaction: after a change the document's entries in every locale are written again (a
 * change in the default locale changes what other locales fall back to); after a delete they go.
 */
export const indexForSearch = (target: SearchTargetName) => ({
  afterChange: (async ({ doc, req }) => {
    await refreshSearchEntries({
      db: await transactionDatabase(req),
      target,
      locales: configOf(req.payload).content.locales,
      ids: [doc.id],
    })
    return doc
  }) satisfies CollectionAfterChangeHook,
  afterDelete: (async ({ id, req }) => {
    await removeSearchEntries({ db: await transactionDatabase(req), target, ids: [Number(id)] })
  }) satisfies CollectionAfterDeleteHook,
})
