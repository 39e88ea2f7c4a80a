import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { findArticle } from '@/articles/operations/findArticles'
import { replaceArticle as replace, type ArticleInput } from '@/articles/operations/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleIdFrom, articleIdParams } from './articleId'
import { articleFields, readOnlyFields, toArticleInput } from './articleFields'
import { presentArticle } from './presentArticle'
import { articleDocumentV1 } from './readArticle'

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
  published_at: articleFields.published_at.default(null),
})

export const replaceArticleEndpoint = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'put',
  family: 'resource',
  access: 'editor',
  openapi: {
    operationId: 'replaceArticleV1',
    summary: 'Replace an article',
    description: 'Editors only. Optional fields left out are cleared.',
    tags: ['Articles'],
    params: articleIdParams,
    body: replaceArticleBody,
    responses: { 200: { description: 'The article as stored', schema: articleDocumentV1 } },
    errors: ['not_found', 'conflict', 'unprocessable_entity'],
  },
  handler: async (req) => {
    const id = articleIdFrom(req)
    const body = parseInput(replaceArticleBody, await readJsonBody(req))
    await replace(req, id, toArticleInput(body) as ArticleInput)
    const record = await findArticle({
      payload: req.payload,
      id,
      isPublishedOnly: false,
      include: [],
    })
    return Response.json({
      data: presentArticle(record!, []),
    } satisfies z.infer<typeof articleDocumentV1>)
  },
})
