import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { findArticle } from '@/articles/operations/findArticles'
import { articleIncludes } from '@/articles/listQuery'
import { readsUnpublished } from '@/articles/visibility'
import { jsonWithEntityTag } from '@/http/etag'
import { notFound } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryNameList, queryObject } from '@/http/queryParams'
import { conditionalGet } from '@/openapi/common'
import { articleIdFrom, articleIdParams } from './articleId'
import { articleV1, presentArticle } from './presentArticle'

export const readArticleQuery = z.object({
  include: queryNameList(articleIncludes).default([]),
})

/** One article: `{ data }`. */
export const articleDocumentV1 = z.object({ data: articleV1 })

export const readArticleEndpoint = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'readArticleV1',
    summary: 'Read an article',
    description: 'A draft or archived article is 404 to callers without the editor role.',
    tags: ['Articles'],
    params: articleIdParams,
    query: readArticleQuery,
    ...conditionalGet({ description: 'The article', schema: articleDocumentV1 }),
    errors: ['not_found'],
  },
  handler: async (req) => {
    const id = articleIdFrom(req)
    const query = parseInput(readArticleQuery, queryObject(req.searchParams))
    const record = await findArticle({
      payload: req.payload,
      id,
      isPublishedOnly: !readsUnpublished(req.user),
      include: query.include,
    })
    if (!record) throw notFound(`Article ${id} not found`)
    return jsonWithEntityTag(req, {
      data: presentArticle(record, query.include),
    } satisfies z.infer<typeof articleDocumentV1>)
  },
})
