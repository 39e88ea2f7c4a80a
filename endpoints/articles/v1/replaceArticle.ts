import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { replaceArticle as replace, type ArticleInput } from '@/articles/operations/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleDocumentV1, articleIdParams } from '@/articles/contracts/v1/articles'
import { replaceArticleBody, writeQuery } from '@/articles/contracts/v1/articleWrites'
import { articleIdFrom } from './articleId'
import { queryObject } from '@/http/queryParams'
import { toArticleInput, toWriteMode } from './articleFields'
import { readBack } from './readArticle'
import { requestLocale } from '@/http/requestLocale'
import { localeResponseHeaders } from '@/openapi/common'

export const replaceArticleEndpoint = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'put',
  family: 'resource',
  access: 'editor',
  openapi: {
    operationId: 'replaceArticleV1',
    summary: 'Replace an article',
    description:
      'Editors only. Optional fields left out are cleared, but for a scheduled `publish_at` or ' +
      '`unpublish_at`, which stays unless sent (`null` cancels it). With `draft=true` or ' +
      '`publish_at` the article is saved as a draft beside the published one. The text is ' +
      'written in `locale` (the default locale when left out), the other locales\u2019 stay.',
    tags: ['Articles'],
    params: articleIdParams,
    query: writeQuery,
    body: replaceArticleBody,
    responses: {
      200: {
        description: 'The article as stored, in the locale written',
        schema: articleDocumentV1,
        headers: localeResponseHeaders,
      },
    },
    errors: ['bad_request', 'not_found', 'conflict', 'unprocessable_entity'],
  },
  handler: async (req) => {
    const id = articleIdFrom(req)
    const query = parseInput(writeQuery, queryObject(req.searchParams))
    const body = parseInput(replaceArticleBody, await readJsonBody(req))
    const locale = requestLocale(req, query, { isWrite: true })
    const mode = toWriteMode(body, query, locale.locale)
    await replace(req, id, toArticleInput(body) as ArticleInput, mode)
    return Response.json(
      { data: await readBack(req, id, mode.isDraft, locale.read) } satisfies z.infer<
        typeof articleDocumentV1
      >,
      { headers: locale.headers },
    )
  },
})
