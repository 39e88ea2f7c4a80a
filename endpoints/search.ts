import { z } from 'zod'

import { searchCollections } from '../operations/search/searchCollections'
import { defineEndpoint } from './http/defineEndpoint'
import { isEditor } from '@/auth/roles'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
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

export const searchQuery = z.object({
  q: z.string().max(200).optional(),
  type: z.enum(['posts', 'products', 'pages', 'all']).default('all'),
})

export const searchResult = z.object({
  docs: z.array(z.looseObject({ id: z.number(), _collection: z.string() })),
  totalDocs: z.number().int(),
})

/**
 * `GET /api/search?q=&type=`: public; finds up to five records per collection whose title or
 * description (see `src/search/searchTargets.ts`) contains `q`. Fewer than two characters find
 * nothing.
 */
export const search = defineEndpoint({
  path: '/search',
  method: 'get',
  family: 'custom',
  access: 'anyone',
  handler: async (req) => {
    const query = parseInput(searchQuery, queryObject(req.searchParams))
    const text = query.q?.trim() ?? ''
    if (text.length < 2) return Response.json({ docs: [], totalDocs: 0 })
    const hits = await searchCollections({
      payload: req.payload,
      query: text,
      targets: targetsByType[query.type] ?? [],
      canSeeUnpublished: isEditor(req.user),
      naming: 'payload',
    })
    const docs = hits.map((hit) => ({ ...hit.record, _collection: collectionName[hit.target] }))
    return Response.json({ docs, totalDocs: docs.length })
  },
})
