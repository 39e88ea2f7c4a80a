import { z } from 'zod'

import { searchCollections } from '@/search/operations/searchCollections'
import { defineEndpoint } from '@/http/defineEndpoint'
import { searchQuery, searchResult } from '@/search/contracts/search'
import { hasEditorRole } from '@/identity/roles'
import { parseInput } from '@/http/parseInput'
import { cachedAnswer } from '@/answerCache/operations/cachedAnswer'
import { contentCollections } from '@/answerCache/answerTags'
import { serverUrlOf } from '@/http/serverUrl'
import { queryObject } from '@/http/queryParams'
import { requestLocale } from '@/http/requestLocale'
import { acceptLanguageHeader, localeResponseHeaders } from '@/openapi/common'
import { countsHeaderValue, searchCountsHeader } from '@/search/hitFields'
import type { SearchTargetName } from '@/search/searchTargets'

/** The collections behind each `type`; "posts" are the articles. */
const targetsByType: Record<string, SearchTargetName[]> = {
  posts: ['articles'],
  products: ['products'],
  pages: ['pages'],
  all: ['articles', 'products', 'pages'],
}
const collectionName: Record<SearchTargetName, string> = {
  articles: 'posts',
  products: 'products',
  pages: 'pages',
}

// The searched fields of each collection: src/search/searchTargets.ts.
export const searchEndpoint = defineEndpoint({
  path: '/search',
  method: 'get',
  family: 'custom',
  access: 'anyone',
  openapi: {
    operationId: 'search',
    summary: 'Search articles, products and pages',
    description:
      'Every word of `q`, in any order and its word forms, in articles ("posts") `title`/' +
      '`excerpt`/body, products `name`/`description`, pages `title`/`description`/content; the ' +
      'last word also as a prefix; one typo from 5 letters, two from 9; a partial match of the ' +
      'whole query in a title or description finds too, ranked below. Best first (docs/search.md), ' +
      'at most five per collection, each with `_highlight`; `counts` says how many match per ' +
      'collection. Fewer than two characters find nothing. Without the editor role only ' +
      'published articles and pages and active products are found. Matches and answers the text ' +
      'in the locale asked for (`locale`, else `Accept-Language`, else the default).',
    tags: ['Search'],
    query: searchQuery,
    headers: acceptLanguageHeader,
    responses: {
      200: {
        description: 'The hits',
        schema: searchResult,
        headers: localeResponseHeaders.extend({ 'X-Search-Counts': searchCountsHeader }),
      },
    },
    errors: ['bad_request'],
  },
  handler: async (req) => {
    const query = parseInput(searchQuery, queryObject(req.searchParams))
    const locale = requestLocale(req, query)
    const text = query.q?.trim() ?? ''
    const targets = targetsByType[query.type] ?? []
    if (text.length < 2) {
      // Nothing found, in each collection that would have been searched.
      const none = Object.fromEntries(targets.map((target) => [collectionName[target], 0]))
      return Response.json({ docs: [], totalDocs: 0 } satisfies z.infer<typeof searchResult>, {
        headers: { ...locale.headers, 'X-Search-Counts': countsHeaderValue(none) },
      })
    }
    // Outsiders and consumers find the same published content: one answer for all of them.
    return cachedAnswer(req, {
      audience: hasEditorRole(req.user) ? 'editors' : 'public',
      variesBy: [`${locale.locale}:${locale.read.fallbackLocale ?? ''}`, serverUrlOf(req)],
      compute: async () => {
        const { hits, counts } = await searchCollections({
          payload: req.payload,
          query: text,
          targets,
          canSeeUnpublished: hasEditorRole(req.user),
          serverUrl: serverUrlOf(req),
          naming: 'payload',
          read: locale.read,
        })
        const docs = hits.map((hit) => ({
          ...hit.record,
          _collection: collectionName[hit.target],
          _highlight: hit.highlight,
        }))
        const named = Object.fromEntries(
          Object.entries(counts).map(([target, count]) => [
            collectionName[target as SearchTargetName],
            count,
          ]),
        )
        return {
          body: { docs, totalDocs: docs.length, counts: named },
          headers: { ...locale.headers, 'X-Search-Counts': countsHeaderValue(named) },
          tags: contentCollections,
        }
      },
    })
  },
})
