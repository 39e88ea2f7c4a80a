import { z } from 'zod'

import { searchCollections } from '@/search/operations/searchCollections'
import { defineEndpoint } from '@/http/defineEndpoint'
import { hitFields, hitPublishedAt } from '@/search/hitFields'
import { hasEditorRole } from '@/identity/roles'
import { parseInput } from '@/http/parseInput'
import { serverUrlOf } from '@/http/serverUrl'
import { queryObject } from '@/http/queryParams'
import { localeParams, requestLocale } from '@/http/requestLocale'
import { acceptLanguageHeader, localeResponseHeaders } from '@/openapi/common'
import { searchTargets, type SearchTargetName } from '@/search/searchTargets'

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

export const searchV1Result = z.object({ data: z.array(searchHitV1) })

export const searchV1Endpoint = defineEndpoint({
  path: '/v1/search',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'searchV1',
    summary: 'Search (v1)',
    description:
      'As `GET /api/search`, in the v1 envelope and field names, over `collections` ' +
      '(`articles`, `products`, `pages`; unknown names are ignored). Matches and answers the ' +
      'text in the locale asked for (`locale`, else `Accept-Language`, else the default).',
    tags: ['Search'],
    query: searchV1Query,
    headers: acceptLanguageHeader,
    responses: {
      200: { description: 'The hits', schema: searchV1Result, headers: localeResponseHeaders },
    },
    errors: ['bad_request'],
  },
  handler: async (req) => {
    const query = parseInput(searchV1Query, queryObject(req.searchParams))
    const locale = requestLocale(req, query)
    const text = query.q?.trim() ?? ''
    if (text.length < 2) return Response.json({ data: [] }, { headers: locale.headers })
    const hits = await searchCollections({
      payload: req.payload,
      query: text,
      targets: query.collections,
      canSeeUnpublished: hasEditorRole(req.user),
      serverUrl: serverUrlOf(req),
      naming: 'v1',
      read: locale.read,
    })
    return Response.json(
      { data: hits.map((hit) => ({ ...hit.record, _collection: hit.target })) },
      { headers: locale.headers },
    )
  },
})
