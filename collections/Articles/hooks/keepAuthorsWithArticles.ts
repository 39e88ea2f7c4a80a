import { type CollectionBeforeDeleteHook } from 'payload'
import { RefusedRequest } from '@/http/refusedRequest'

/** An author who still has articles cannot be deleted: reassign or delete the articles first. */
export const keepAuthorsWithArticles: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({
    collection: 'articles',
    where: { author: { equals: id } },
    req,
    overrideAccess: true,
  })
  if (totalDocs > 0) {
    throw new RefusedRequest(
      `Author ${id} still has ${totalDocs} article${totalDocs === 1 ? '' : 's'}; reassign or delete them first`,
      409,
    )
  }
}
