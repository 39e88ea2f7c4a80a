import { z } from 'zod'

import { defineEndpoint } from '../../http/defineEndpoint'
import { readJsonBody } from '../../http/readJsonBody'
import { findArticle } from '../../../operations/articles/findArticles'
import {
  createArticle as create,
  type ArticleInput,
} from '../../../operations/articles/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleFields, readOnlyFields, toArticleInput } from './articleFields'
import { presentArticle } from './presentArticle'

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
  published_at: articleFields.published_at.default(null),
})

/** `POST /api/v1/articles`: 201 with the article and its `Location`. */
export const createArticle = defineEndpoint({
  path: '/v1/articles',
  method: 'post',
  family: 'resource',
  access: 'editor',
  handler: async (req) => {
    const body = parseInput(createArticleBody, await readJsonBody(req))
    const id = await create(req, toArticleInput(body) as ArticleInput)
    const record = await findArticle({
      payload: req.payload,
      id,
      isPublishedOnly: false,
      include: [],
    })
    return Response.json(
      { data: presentArticle(record!, []) },
      { status: 201, headers: { Location: `/api/v1/articles/${id}` } },
    )
  },
})
