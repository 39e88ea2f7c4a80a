import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '@/payload-types'

/** The very first account of a deployment is its administrator, whatever it asked for. */
export const ensureFirstUserIsAdmin: CollectionBeforeChangeHook<User> = async ({
  data,
  operation,
  req,
}) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: 'users', req })
  return totalDocs === 0 ? { ...data, role: 'admin' } : data
}
