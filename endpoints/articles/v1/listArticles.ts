import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { withImages } from '@/articles/operations/articleImages'
import { serverUrlOf } from '@/http/serverUrl'
import { findArticles } from '@/articles/operations/findArticles'
import { readsUnpublished } from '@/articles/visibility'
import { hasWriterRole } from '@/identity/roles'
import { cachedAnswer } from '@/answerCache/operations/cachedAnswer'
import { articleAnswerTags, articleRead } from '../articleAnswers'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { offsetPage } from '@/http/pageMeta'
import { conditionalGet } from '@/openapi/common'
import { requestLocale } from '@/http/requestLocale'
import { articleListV1, listArticlesQuery } from '@/articles/contracts/v1/articles'
import { presentArticle } from './presentArticle'

export const listArticlesEndpoint = defineEndpoint({
  path: '/v1/articles',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listArticlesV1',
    summary: 'List articles',
    description:
      'Numbered pages (`page`, `per_page`) or keyset pages (`after_id`, `limit`), never both. A ' +
      'keyset walk sees every row once however many are inserted meanwhile. Callers without the ' +
      'editor role see published articles only. `GET /api/articles?after_id=` answers the same. ' +
      'The text is in the locale asked for (`locale`, else `Accept-Language`, else the default); ' +
      '`sort=title` sorts by the title shown in it.',
    tags: ['Articles'],
    query: listArticlesQuery,
    // An `after_id` that names no article (when sorting by another field) is a bad_request.
    errors: ['bad_request'],
    ...conditionalGet(
      { description: 'A page of articles', schema: articleListV1 },
      { isLocalized: true },
    ),
  },
  handler: async (req) => {
    const query = parseInput(listArticlesQuery, queryObject(req.searchParams))
    const locale = requestLocale(req, query)
    return cachedAnswer(req, {
      ...articleRead(req, locale),
      compute: async () => {
        const isKeyset = query.after_id !== undefined || query.limit !== undefined
        const page = isKeyset
          ? {
              kind: 'keyset' as const,
              limit: query.limit ?? 20,
              after: query.after_id === undefined ? undefined : { id: query.after_id },
            }
          : { kind: 'offset' as const, page: query.page ?? 1, perPage: query.per_page ?? 20 }
        const slice = await findArticles({
          payload: req.payload,
          filters: {
            status: query.status,
            authorId: query.author_id,
            createdAfter: query.created_after,
            isPublishedOnly: !readsUnpublished(req.user),
          },
          order: { sort: query.sort, direction: query.order },
          page,
          include: query.include,
          read: locale.read,
        })
        const records = await withImages(req.payload, slice.records, serverUrlOf(req), locale.read)
        const data = records.map((record) =>
          presentArticle(record, query.include, { showsReview: hasWriterRole(req.user) }),
        )
        const meta =
          page.kind === 'keyset'
            ? {
                limit: page.limit,
                has_more: slice.hasMore ?? false,
                next_after_id: slice.hasMore ? (data.at(-1)?.id ?? null) : null,
              }
            : offsetPage({ page: page.page, perPage: page.perPage, total: slice.total ?? 0 })
        return {
          body: { data, meta } satisfies z.infer<typeof articleListV1>,
          headers: locale.headers,
          locale: locale.isDefault ? undefined : locale.locale,
          tags: articleAnswerTags(
            data.map((article) => article.id),
            { isList: true },
          ),
        }
      },
    })
  },
})
