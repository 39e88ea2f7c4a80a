import { z } from 'zod'

import { localeParams } from '@/http/requestLocale'
import { hitFields, hitHighlight, hitPublishedAt } from '../hitFields'

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
      _highlight: hitHighlight,
    }),
    z.object({
      _collection: z.literal('products'),
      ...hitFields.products,
      _highlight: hitHighlight,
    }),
    z.object({ _collection: z.literal('pages'), ...hitFields.pages, _highlight: hitHighlight }),
  ])
  .meta({ id: 'SearchHit' })

/** Answer of `GET /api/search`. */
export const searchResult = z.object({
  docs: z.array(searchHit),
  totalDocs: z.number().int().describe('The number of records in `docs`'),
  counts: z
    .object({
      posts: z.number().int().optional(),
      products: z.number().int().optional(),
      pages: z.number().int().optional(),
    })
    .optional()
    .describe(
      'How many documents match per collection searched (of which `docs` holds the best five); absent when the query is too short to search',
    ),
})
