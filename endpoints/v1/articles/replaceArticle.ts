import { z } from 'zod'

import { defineEndpoint } from '../../http/defineEndpoint'
import { readJsonBody } from '../../http/readJsonBody'
import { findArticle } from '../../../operations/articles/findArticles'
import {
  replaceArticle as replace,
  type ArticleInput,
} from '../../../operations/articles/writeArticle'
import { parseInput } from '@/http/parseInput'
import { articleIdFrom } from './articleId'
import { articleFields, readOnlyFields, toArticleInput } from './articleFields'
import { presentArticle } from './presentArticle'

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

/** `PUT /api/v1/articles/{id}`: full replacement. */
export const replaceArticle = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'put',
  family: 'resource',
  access: 'editor',
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
    return Response.json({ data: presentArticle(record!, []) })
  },
})
