import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { findComments } from '@/articles/operations/findComments'
import { readsUnpublished } from '@/articles/visibility'
import { cachedAnswer } from '@/answerCache/operations/cachedAnswer'
import { articleRead, commentAnswerTags } from '../articleAnswers'
import { notFound } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { conditionalGet } from '@/openapi/common'
import { articleIdParams } from '@/articles/contracts/v1/articles'
import { commentListV1, listCommentsQuery, type CommentV1 } from '@/articles/contracts/v1/comments'
import { articleIdFrom } from './articleId'
import { offsetPage } from '@/http/pageMeta'

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
    return cachedAnswer(req, {
      ...articleRead(req, undefined),
      compute: async () => {
        const slice = await findComments({
          payload: req.payload,
          articleId,
          isPublishedOnly: !readsUnpublished(req.user),
          page: query.page,
          perPage: query.per_page,
        })
        if (!slice) throw notFound(`Article ${articleId} not found`)
        const data: CommentV1[] = slice.records.map((record) => ({
          ...record,
          created_at: record.created_at.toISOString(),
        }))
        const meta = offsetPage({ page: query.page, perPage: query.per_page, total: slice.total })
        return {
          body: { data, meta } satisfies z.infer<typeof commentListV1>,
          tags: commentAnswerTags(articleId),
        }
      },
    })
  },
})
