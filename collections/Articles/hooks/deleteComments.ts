import type { CollectionBeforeDeleteHook } from 'payload'

/** An article's comments go with it, in the same transaction. */
export const deleteComments: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({
    collection: 'comments',
    where: { article: { equals: id } },
    req,
    overrideAccess: true,
  })
}
