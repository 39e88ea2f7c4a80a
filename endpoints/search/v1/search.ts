import { searchCollections } from '@/search/operations/searchCollections'
import { defineEndpoint } from '@/http/defineEndpoint'
import { searchV1Query, searchV1Result } from '@/search/contracts/searchV1'
import { hasEditorRole } from '@/identity/roles'
import { parseInput } from '@/http/parseInput'
import { cachedAnswer } from '@/answerCache/operations/cachedAnswer'
import { contentCollections } from '@/answerCache/answerTags'
import { serverUrlOf } from '@/http/serverUrl'
import { queryObject } from '@/http/queryParams'
import { requestLocale } from '@/http/requestLocale'
import { acceptLanguageHeader, localeResponseHeaders } from '@/openapi/common'
import { countsHeaderValue, searchCountsHeader } from '@/search/hitFields'

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
      '(`articles`, `products`, `pages`; unknown names are ignored): five hits per collection, ' +
      '`page` for the next five; how many match per collection is in `X-Search-Counts` (the ' +
      'envelope stays `{ data }`). Matches and answers the ' +
      'text in the locale asked for (`locale`, else `Accept-Language`, else the default).',
    tags: ['Search'],
    query: searchV1Query,
    headers: acceptLanguageHeader,
    responses: {
      200: {
        description: 'The hits',
        schema: searchV1Result,
        headers: localeResponseHeaders.extend({ 'X-Search-Counts': searchCountsHeader }),
      },
    },
    errors: ['bad_request'],
  },
  handler: async (req) => {
    const query = parseInput(searchV1Query, queryObject(req.searchParams))
    const locale = requestLocale(req, query)
    const text = query.q?.trim() ?? ''
    if (text.length < 2) {
      // Nothing found, in each collection that would have been searched.
      const none = Object.fromEntries(query.collections.map((target) => [target, 0]))
      return Response.json(
        { data: [] },
        { headers: { ...locale.headers, 'X-Search-Counts': countsHeaderValue(none) } },
      )
    }
    // Outsiders and consumers find the same published content: one answer for all of them.
    return cachedAnswer(req, {
      audience: hasEditorRole(req.user) ? 'editors' : 'public',
      variesBy: [`${locale.locale}:${locale.read.fallbackLocale ?? ''}`, serverUrlOf(req)],
      compute: async () => {
        const { hits, counts } = await searchCollections({
          payload: req.payload,
          query: text,
          targets: query.collections,
          canSeeUnpublished: hasEditorRole(req.user),
          serverUrl: serverUrlOf(req),
          naming: 'v1',
          read: locale.read,
          page: query.page,
        })
        return {
          body: {
            data: hits.map((hit) => ({
              ...hit.record,
              _collection: hit.target,
              _highlight: hit.highlight,
            })),
          },
          headers: { ...locale.headers, 'X-Search-Counts': countsHeaderValue(counts) },
          tags: contentCollections,
        }
      },
    })
  },
})
