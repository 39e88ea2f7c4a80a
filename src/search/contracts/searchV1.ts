import { z } from 'zod'

import { localeParams } from '@/http/requestLocale'
import { queryInteger } from '@/http/queryParams'
import { hitFields, hitHighlight, hitPublishedAt } from '../hitFields'
import { searchTargets, type SearchTargetName } from '../searchTargets'

/** Query of `GET /api/v1/search`. */
export const searchV1Query = z.object({
  q: z.string().max(200).optional(),
  collections: z
    .string()
    .default('articles,products')
    .describe('comma-separated; unknown names are ignored')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((name) => name.trim())
          .filter((name): name is SearchTargetName => Object.hasOwn(searchTargets, name)),
      ),
    ]),
  page: queryInteger({ min: 1, max: 1000 })
    .optional()
    .describe('The page of each collection, five hits a page (default 1)'),
  ...localeParams,
})

/** One hit in v1 names, with the fields of its collection. */
export const searchHitV1 = z
  .discriminatedUnion('_collection', [
    z.object({
      _collection: z.literal('articles'),
      ...hitFields.articles,
      published_at: hitPublishedAt,
      _highlight: hitHighlight,
    }),
    z.object({
      _collection: z.literal('products'),
      ...hitFields.products,
      _highlight: hitHighlight,
    }),
    z.object({ _collection: z.literal('pages'), ...hitFields.pages, _highlight: hitHighlight }),
  ])
  .meta({ id: 'SearchHitV1' })

/** Answer of `GET /api/v1/search`. */
export const searchV1Result = z.object({ data: z.array(searchHitV1) })
