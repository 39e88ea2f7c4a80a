import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { findArticle } from '@/articles/operations/findArticles'
import { updateArticle as update } from '@/articles/operations/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleIdFrom, articleIdParams } from './articleId'
import { articleFields, readOnlyFields, toArticleInput } from './articleFields'
import { presentArticle } from './presentArticle'
import { articleDocumentV1 } from './readArticle'

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
  published_at: articleFields.published_at.optional(),
})

export const updateArticleEndpoint = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'patch',
  family: 'resource',
  access: 'editor',
  openapi: {
    operationId: 'updateArticleV1',
    summary: 'Update an article',
    description: 'Editors only. Fields left out stay as they are.',
    tags: ['Articles'],
    params: articleIdParams,
    body: updateArticleBody,
    responses: { 200: { description: 'The article as stored', schema: articleDocumentV1 } },
    errors: ['not_found', 'conflict', 'unprocessable_entity'],
  },
  handler: async (req) => {
    const id = articleIdFrom(req)
    const body = parseInput(updateArticleBody, await readJsonBody(req))
    await update(req, id, toArticleInput(body))
    const record = await findArticle({
      payload: req.payload,
      id,
      isPublishedOnly: false,
      include: [],
    })
    return Response.json({ data: presentArticle(record!, []) })
  },
})
