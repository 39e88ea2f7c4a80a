import { z } from 'zod'

import { localeParams } from '@/http/requestLocale'
import { hitFields, hitPublishedAt } from '../hitFields'

/** Query of `GET /api/search`. */
export const searchQuery = z.object({
  q: z.string().max(200).optional(),
  type: z.enum(['posts', 'products', 'pages', 'all']).default('all'),
  ...localeParams,
})

/** One hit, with the fields of its collection (see `src/search/searchTargets.ts`). */
export const searchHit = z
  .discriminatedUnion('_collection', [
    z.object({
      _collection: z.literal('posts'),
      ...hitFields.articles,
      publishedAt: hitPublishedAt,
    }),
    z.object({ _collection: z.literal('products'), ...hitFields.products }),
    z.object({ _collection: z.literal('pages'), ...hitFields.pages }),
  ])
  .meta({ id: 'SearchHit' })

/** Answer of `GET /api/search`. */
export const searchResult = z.object({
  docs: z.array(searchHit),
  totalDocs: z.number().int().describe('The number of records in `docs`'),
})
