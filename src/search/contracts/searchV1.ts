import { z } from 'zod'

import { localeParams } from '@/http/requestLocale'
import { hitFields, hitPublishedAt } from '../hitFields'
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
  ...localeParams,
})

/** One hit in v1 names, with the fields of its collection. */
export const searchHitV1 = z
  .discriminatedUnion('_collection', [
    z.object({
      _collection: z.literal('articles'),
      ...hitFields.articles,
      published_at: hitPublishedAt,
    }),
    z.object({ _collection: z.literal('products'), ...hitFields.products }),
    z.object({ _collection: z.literal('pages'), ...hitFields.pages }),
  ])
  .meta({ id: 'SearchHitV1' })

/** Answer of `GET /api/v1/search`. */
export const searchV1Result = z.object({ data: z.array(searchHitV1) })
