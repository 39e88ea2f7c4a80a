import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { updateArticle as update } from '@/articles/operations/writeArticle'
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

/** Body of `PATCH /api/v1/articles/{id}`: any writable fields; the others stay as they are. */
export const updateArticleBody = z.strictObject({
  ...readOnlyFields,
  title: articleFields.title.optional(),
  slug: articleFields.slug.optional(),
  status: articleFields.status.optional(),
  author_id: articleFields.author_id.optional(),
  excerpt: articleFields.excerpt.optional(),
  body: articleFields.body.optional(),
  tag_ids: articleFields.tag_ids.optional(),
  cover_id: articleFields.cover_id.optional(),
  published_at: articleFields.published_at.optional(),
  publish_at: articleFields.publish_at.optional(),
  unpublish_at: articleFields.unpublish_at.optional(),
})

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
