import { z } from 'zod'

import { defineEndpoint } from '../../http/defineEndpoint'
import { findArticle } from '../../../operations/articles/findArticles'
import { articleIncludes } from '@/articles/listQuery'
import { isEditor } from '@/auth/roles'
import { jsonWithEntityTag } from '@/http/etag'
import { notFound } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryNameList, queryObject } from '@/http/queryParams'
import { articleIdFrom } from './articleId'
import { presentArticle } from './presentArticle'

export const readArticleQuery = z.object({
  include: queryNameList(articleIncludes).default([]),
})

/** `GET /api/v1/articles/{id}`: a draft is 404 to callers who may not see drafts. */
export const readArticle = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  handler: async (req) => {
    const id = articleIdFrom(req)
    const query = parseInput(readArticleQuery, queryObject(req.searchParams))
    const record = await findArticle({
      payload: req.payload,
      id,
      isPublishedOnly: !isEditor(req.user),
      include: query.include,
    })
    if (!record) throw notFound(`Article ${id} not found`)
    return jsonWithEntityTag(req, { data: presentArticle(record, query.include) })
  },
})
