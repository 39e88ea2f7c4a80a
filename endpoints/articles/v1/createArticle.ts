import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { createArticle as create, type ArticleInput } from '@/articles/operations/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleDocumentV1 } from '@/articles/contracts/v1/articles'
import { createArticleBody, createQuery } from '@/articles/contracts/v1/articleWrites'
import { toArticleInput, toWriteMode } from './articleFields'
import { readBack } from './readArticle'
import { queryObject } from '@/http/queryParams'
import { requestLocale } from '@/http/requestLocale'
import { localeResponseHeaders } from '@/openapi/common'

export const createArticleEndpoint = defineEndpoint({
  path: '/v1/articles',
  method: 'post',
  family: 'resource',
  access: 'editor',
  openapi: {
    operationId: 'createArticleV1',
    summary: 'Create an article',
    description:
      'Editors only. Read-only fields of the read representation (`id`, `created_at`, ...) are ' +
      'ignored; any other unknown field is a 400. With `publish_at` the article is created as a ' +
      'draft and published at that time. The text is written in `locale` (the default locale ' +
      'when left out); the other locales have none until written (reads fill it from the default).',
    tags: ['Articles'],
    query: createQuery,
    body: createArticleBody,
    responses: {
      201: {
        description: 'Created',
        schema: articleDocumentV1,
        headers: z
          .object({ Location: z.string().describe('`/api/v1/articles/{id}`') })
          .extend(localeResponseHeaders.shape),
      },
    },
    errors: ['bad_request', 'conflict', 'unprocessable_entity'],
  },
  handler: async (req) => {
    const query = parseInput(createQuery, queryObject(req.searchParams))
    const body = parseInput(createArticleBody, await readJsonBody(req))
    const locale = requestLocale(req, query, { isWrite: true })
    const mode = toWriteMode(body, {}, locale.locale)
    const id = await create(req, toArticleInput(body) as ArticleInput, mode)
    const data = await readBack(req, id, false, locale.read)
    return Response.json({ data } satisfies z.infer<typeof articleDocumentV1>, {
      status: 201,
      headers: { Location: `/api/v1/articles/${id}`, ...locale.headers },
    })
  },
})
