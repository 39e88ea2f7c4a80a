import { defineEndpoint } from '@/http/defineEndpoint'
import { deleteArticle as remove } from '@/articles/operations/writeArticle'
import { articleIdParams } from '@/articles/contracts/v1/articles'
import { articleIdFrom } from './articleId'

export const deleteArticleEndpoint = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'delete',
  family: 'resource',
  access: 'editor',
  openapi: {
    operationId: 'deleteArticleV1',
    summary: 'Delete an article',
    description: 'Editors only. Its comments are deleted with it.',
    tags: ['Articles'],
    params: articleIdParams,
    responses: { 204: { description: 'Deleted; no body' } },
    errors: ['not_found'],
  },
  handler: async (req) => {
    await remove(req, articleIdFrom(req))
    return new Response(null, { status: 204 })
  },
})
