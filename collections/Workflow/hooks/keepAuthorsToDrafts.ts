import { Forbidden, type CollectionBeforeOperationHook, type CollectionSlug } from 'payload'

import { hasAuthorRole } from '@/identity/roles'

/**
 * An author's change that would reach what is published is refused with 403 (the update access
 * refuses `_status: 'published'` itself): a save that is not a draft (`?draft=true`) of a
 * published document (it would overwrite or unpublish it), and a save that is not a draft over
 * many documents at once. `published` says whether the stored document is published.
 */
export const keepAuthorsToDrafts =
  (published: (stored: Record<string, unknown>) => boolean): CollectionBeforeOperationHook =>
  async ({ args, operation, req, collection, overrideAccess }) => {
    if (operation !== 'update' || overrideAccess) return args
    if (!hasAuthorRole(req.user)) return args
    const isDraft =
      Boolean((args as { draft?: boolean }).draft) && Boolean(collection.versions?.drafts)
    if (isDraft) return args
    const id = (args as { id?: number | string }).id
    if (id === undefined) throw new Forbidden(req.t)
    const stored = await req.payload.db.findOne({
      collection: collection.slug as CollectionSlug,
      where: { id: { equals: id } },
      req,
    })
    if (stored && published(stored as Record<string, unknown>)) throw new Forbidden(req.t)
    return args
  }

/** A document of a collection with drafts is published while its `_status` says so. */
export const keepAuthorsToDraftsOfPublished = keepAuthorsToDrafts(
  (stored) => stored._status === 'published',
)

/** A product is published while it is active. */
export const keepAuthorsToInactiveProducts = keepAuthorsToDrafts((stored) => stored.active === true)
