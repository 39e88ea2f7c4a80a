import type { CollectionBeforeChangeHook } from 'payload'

import type { Article } from '@/payload-types'

/** An article published without a publication date is dated now. */
export const stampPublishedAt: CollectionBeforeChangeHook<Article> = ({ data }) => {
  if (data._status === 'published' && !data.publishedAt) data.publishedAt = new Date().toISOString()
  return data
}
