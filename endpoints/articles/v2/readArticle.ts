import { z } from 'zod'

import { withImages } from '@/articles/operations/articleImages'
import { serverUrlOf } from '@/http/serverUrl'

import { defineEndpoint } from '@/http/defineEndpoint'
import { findArticle } from '@/articles/operations/findArticles'
import { readsUnpublished } from '@/articles/visibility'
import { cachedAnswer } from '@/answerCache/operations/cachedAnswer'
import { articleAnswerTags, articleRead } from '../articleAnswers'
import { notFound } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { conditionalGet } from '@/openapi/common'
import { requestLocale } from '@/http/requestLocale'
import { articleIdParams } from '@/articles/contracts/v1/articles'
import { articleIdFrom } from '../v1/articleId'
import { articleDocumentV2, readArticleV2Query } from '@/articles/contracts/v2/articles'
import { presentArticle } from './presentArticle'
import { v2Headers, v2MediaType } from './v2Headers'

export const readArticleV2Endpoint = defineEndpoint({
  path: '/v2/articles/:id',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'readArticleV2',
    summary: 'Read an article (v2)',
    description:
      'A draft or archived article is 404 to callers without the editor role. The text is in ' +
      'the locale asked for (`locale`, else `Accept-Language`, else the default).',
    tags: ['Articles'],
    params: articleIdParams,
    query: readArticleV2Query,
    ...conditionalGet(
      {
        description: 'The article',
        schema: articleDocumentV2,
        contentType: v2MediaType,
      },
      { isLocalized: true },
    ),
    errors: ['bad_request', 'not_found'],
  },
  handler: async (req) => {
    const id = articleIdFrom(req)
    const query = parseInput(readArticleV2Query, queryObject(req.searchParams))
    const locale = requestLocale(req, query)
    return cachedAnswer(req, {
      ...articleRead(req, locale),
      compute: async () => {
        const record = await findArticle({
          payload: req.payload,
          id,
          isPublishedOnly: !readsUnpublished(req.user),
          include: query.include,
          read: locale.read,
        })
        if (!record) throw notFound(`Article ${id} not found`)
        const [shown] = await withImages(req.payload, [record], serverUrlOf(req), locale.read)
        const data = presentArticle(shown!, { include: query.include, fields: query.fields })
        return {
          body: { data } satisfies z.infer<typeof articleDocumentV2>,
          headers: { ...v2Headers, ...locale.headers },
          locale: locale.isDefault ? undefined : locale.locale,
          tags: articleAnswerTags([id], { isList: false }),
        }
      },
    })
  },
})
