import { z } from 'zod'

import { commentStatuses } from '@/articles/status'
import { offsetPageMeta } from '@/http/pageMeta'
import { queryInteger } from '@/http/queryParams'

/** Query of `GET /api/v1/articles/{id}/comments`: numbered pages. */
export const listCommentsQuery = z.object({
  page: queryInteger({ min: 1 }).default(1),
  per_page: queryInteger({ min: 1, max: 100 }).default(20),
})

/** A comment in v1. */
export const commentV1 = z
  .object({
    id: z.number().int(),
    article_id: z.number().int(),
    author_name: z.string(),
    body: z.string(),
    status: z.enum(commentStatuses),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'CommentV1' })
/** A comment as v1 shows it. */
export type CommentV1 = z.infer<typeof commentV1>

/** Answer of `GET /api/v1/articles/{id}/comments`. */
export const commentListV1 = z.object({ data: z.array(commentV1), meta: offsetPageMeta })
