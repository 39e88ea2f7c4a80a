import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { updateArticle as update } from '@/articles/operations/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleDocumentV1, articleIdParams } from '@/articles/contracts/v1/articles'
import { updateArticleBody, writeQuery } from '@/articles/contracts/v1/articleWrites'
import { articleIdFrom } from './articleId'
import { queryObject } from '@/http/queryParams'
import { toArticleInput, toWriteMode } from './articleFields'
import { readBack } from './readArticle'
import { requestLocale } from '@/http/requestLocale'
import { localeResponseHeaders } from '@/openapi/common'

export const updateArticleEndpoint = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'patch',
  family: 'resource',
  access: 'editor',
  openapi: {
    operationId: 'updateArticleV1',
    summary: 'Update an article',
    description:
      'Editors only. Fields left out stay as they are. With `draft=true` or `publish_at` the ' +
      'change is saved as a draft beside the article and answered as that draft. The text is ' +
      'written in `locale` (the default locale when left out), the other locales\u2019 stay; ' +
      'a locale\u2019s first write must give its `title` (400 otherwise).',
    tags: ['Articles'],
    params: articleIdParams,
    query: writeQuery,
    body: updateArticleBody,
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
    const body = parseInput(updateArticleBody, await readJsonBody(req))
    const locale = requestLocale(req, query, { isWrite: true })
    const mode = toWriteMode(body, query, locale.locale)
    await update(req, id, toArticleInput(body), mode)
    return Response.json(
      { data: await readBack(req, id, mode.isDraft, locale.read) },
      { headers: locale.headers },
    )
  },
})
