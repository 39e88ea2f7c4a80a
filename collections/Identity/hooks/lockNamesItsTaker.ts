import { executeAccess, Forbidden, type Collection, type CollectionBeforeChangeHook } from 'payload'

/** A relationship value as the REST body or Payload hands it: `{ relationTo, value }`. */
type Polymorphic = { relationTo?: unknown; value?: unknown } | null | undefined

const valueId = (value: unknown) =>
  typeof value === 'object' && value !== null && 'id' in value ? value.id : value

/**
 * A document lock (Payload's `payload-locked-documents`, what makes the next editor's save
 * answer 423) names the person who writes it, whatever user the request names, and only a
 * document that person may change: otherwise anyone allowed to write a lock could lock others
 * out of what they edit. Payload's admin panel takes locks on the database directly, and takes
 * one over by writing its own user into it, which is what this makes of every write. Writes
 * without a user (the system's) are left alone.
 */
export const lockNamesItsTaker: CollectionBeforeChangeHook = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const user = req.user
  if (!user) return data
  const document = (data.document ??
    (operation === 'update' ? originalDoc?.document : undefined)) as Polymorphic | undefined
  const collections: Record<string, Collection | undefined> = req.payload.collections
  const target =
    typeof document?.relationTo === 'string' ? collections[document.relationTo] : undefined
  if (document && target) {
    const id = valueId(document.value)
    if (typeof id !== 'string' && typeof id !== 'number') throw new Forbidden(req.t)
    const access = await executeAccess({ id, req }, target.config.access.update)
    if (typeof access === 'object') {
      const { totalDocs } = await req.payload.count({
        collection: target.config.slug,
        where: { and: [access, { id: { equals: id } }] },
        overrideAccess: true,
        req,
      })
      if (totalDocs === 0) throw new Forbidden(req.t)
    }
  }
  return { ...data, user: { relationTo: user.collection, value: user.id } }
}
