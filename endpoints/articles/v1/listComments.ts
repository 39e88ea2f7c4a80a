import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { findComments } from '@/articles/operations/findComments'
import { commentStatuses } from '@/articles/status'
import { readsUnpublished } from '@/articles/visibility'
import { jsonWithEntityTag } from '@/http/etag'
import { notFound } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryInteger, queryObject } from '@/http/queryParams'
import { conditionalGet } from '@/openapi/common'
import { articleIdFrom, articleIdParams } from './articleId'
import { offsetPage, offsetPageMeta } from '@/http/pageMeta'

export const listCommentsQuery = z.object({
  page: queryInteger({ min: 1 }).default(1),
  per_page: queryInteger({ min: 1, max: 100 }).default(20),
})

/** A comment in v1. */
export const commentV1 = z
  .object({
    id: z.number().int(),
    article_id: z.number().int(),
    author_name: z.string(),
    body: z.string(),
    status: z.enum(commentStatuses),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'CommentV1' })

/** Answer of `GET /api/v1/articles/{id}/comments`. */
export const commentListV1 = z.object({ data: z.array(commentV1), meta: offsetPageMeta })

export const listCommentsEndpoint = defineEndpoint({
  path: '/v1/articles/:id/comments',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listCommentsV1',
    summary: "List an article's comments",
    description:
      'Oldest first. Callers without the editor role see approved comments of published articles.',
    tags: ['Articles'],
    params: articleIdParams,
    query: listCommentsQuery,
    ...conditionalGet({ description: 'A page of comments', schema: commentListV1 }),
    errors: ['not_found'],
  },
  handler: async (req) => {
    const articleId = articleIdFrom(req)
    const query = parseInput(listCommentsQuery, queryObject(req.searchParams))
    const slice = await findComments({
      payload: req.payload,
      articleId,
      isPublishedOnly: !readsUnpublished(req.user),
      page: query.page,
      perPage: query.per_page,
    })
    if (!slice) throw notFound(`Article ${articleId} not found`)
    const data: z.infer<typeof commentV1>[] = slice.records.map((record) => ({
      ...record,
      created_at: record.created_at.toISOString(),
    }))
    const meta = offsetPage({ page: query.page, perPage: query.per_page, total: slice.total })
    return jsonWithEntityTag(req, { data, meta } satisfies z.infer<typeof commentListV1>)
  },
})
