import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { replaceArticle as replace, type ArticleInput } from '@/articles/operations/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleIdFrom, articleIdParams } from './articleId'
import { queryObject } from '@/http/queryParams'
import {
  articleFields,
  readOnlyFields,
  toArticleInput,
  toWriteMode,
  writeQuery,
} from './articleFields'
import { articleDocumentV1, readBack } from './readArticle'
import { requestLocale } from '@/http/requestLocale'
import { localeResponseHeaders } from '@/openapi/common'

/**
 * Body of `PUT /api/v1/articles/{id}`: the whole article. Title, slug, status and author are
 * required; an optional field left out is cleared.
 */
export const replaceArticleBody = z.strictObject({
  ...readOnlyFields,
  title: articleFields.title,
  slug: articleFields.slug,
  status: articleFields.status,
  author_id: articleFields.author_id,
  excerpt: articleFields.excerpt.default(null),
  body: articleFields.body.default(null),
  tag_ids: articleFields.tag_ids.default([]),
  cover_id: articleFields.cover_id.default(null),
  published_at: articleFields.published_at.default(null),
  publish_at: articleFields.publish_at.optional(),
  unpublish_at: articleFields.unpublish_at.optional(),
})

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
