import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import { createArticle as create, type ArticleInput } from '@/articles/operations/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleFields, readOnlyFields, toArticleInput, toWriteMode } from './articleFields'
import { articleDocumentV1, readBack } from './readArticle'

/** Body of `POST /api/v1/articles`: title, slug and author are required. */
export const createArticleBody = z.strictObject({
  ...readOnlyFields,
  title: articleFields.title,
  slug: articleFields.slug,
  author_id: articleFields.author_id,
  status: articleFields.status.default('draft'),
  excerpt: articleFields.excerpt.default(null),
  body: articleFields.body.default(null),
  tag_ids: articleFields.tag_ids.default([]),
  cover_id: articleFields.cover_id.default(null),
  published_at: articleFields.published_at.default(null),
  publish_at: articleFields.publish_at.optional(),
  unpublish_at: articleFields.unpublish_at.optional(),
})

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
      'draft and published at that time.',
    tags: ['Articles'],
    body: createArticleBody,
    responses: {
      201: {
        description: 'Created',
        schema: articleDocumentV1,
        headers: z.object({ Location: z.string().describe('`/api/v1/articles/{id}`') }),
      },
    },
    errors: ['bad_request', 'conflict', 'unprocessable_entity'],
  },
  handler: async (req) => {
    const body = parseInput(createArticleBody, await readJsonBody(req))
    const id = await create(req, toArticleInput(body) as ArticleInput, toWriteMode(body, {}))
    const data = await readBack(req, id, false)
    return Response.json({ data } satisfies z.infer<typeof articleDocumentV1>, {
      status: 201,
      headers: { Location: `/api/v1/articles/${id}` },
    })
  },
})
