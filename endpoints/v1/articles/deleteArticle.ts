import { defineEndpoint } from '../../http/defineEndpoint'
import { deleteArticle as remove } from '../../../operations/articles/writeArticle'
import { articleIdFrom } from './articleId'

/** `DELETE /api/v1/articles/{id}`: 204 with no body; its comments go with it. */
export const deleteArticle = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'delete',
  family: 'resource',
  access: 'editor',
  handler: async (req) => {
    await remove(req, articleIdFrom(req))
    return new Response(null, { status: 204 })
  },
})
