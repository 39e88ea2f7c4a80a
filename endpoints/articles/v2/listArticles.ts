import { z } from 'zod'

import { withImages } from '@/articles/operations/articleImages'
import { serverUrlOf } from '@/http/serverUrl'

import { defineEndpoint } from '@/http/defineEndpoint'
import { findArticles } from '@/articles/operations/findArticles'
import { decodeCursor, encodeCursor } from '@/articles/cursor'
import { readsUnpublished } from '@/articles/visibility'
import type { KeysetAnchor } from '@/articles/listQuery'
import { cachedAnswer } from '@/answerCache/operations/cachedAnswer'
import { articleAnswerTags, articleRead } from '../articleAnswers'
import { badRequest } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { conditionalGet } from '@/openapi/common'
import { requestLocale } from '@/http/requestLocale'
import { articleListV2, listArticlesV2Query } from '@/articles/contracts/v2/articles'
import { presentArticle } from './presentArticle'
import { v2Headers, v2MediaType } from './v2Headers'

export const listArticlesV2Endpoint = defineEndpoint({
  path: '/v2/articles',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'listArticlesV2',
    summary: 'List articles (v2)',
    description:
      'Cursor pages: pass `meta.next_cursor` as `cursor` with the same `sort` and `order`; a walk ' +
      'survives deletion of the row it stopped at. `fields` selects fields (`id` always comes). ' +
      'Also reached as `GET /api/articles` with `Accept: application/vnd.app.v2+json`. The text ' +
      'is in the locale asked for (`locale`, else `Accept-Language`, else the default).',
    tags: ['Articles'],
    query: listArticlesV2Query,
    ...conditionalGet(
      { description: 'A page of articles', schema: articleListV2, contentType: v2MediaType },
      { isLocalized: true },
    ),
    errors: ['bad_request'],
  },
  handler: async (req) => {
    const query = parseInput(listArticlesV2Query, queryObject(req.searchParams))
    const locale = requestLocale(req, query)
    let after: KeysetAnchor | undefined
    if (query.cursor !== undefined) {
      const position = decodeCursor(query.cursor)
      if (!position) throw badRequest('The cursor is not one this service issued')
      if (position.sort !== query.sort || position.direction !== query.order) {
        throw badRequest(
          `The cursor belongs to sort=${position.sort}&order=${position.direction}; pass the same sort and order`,
        )
      }
      after = { id: position.id, value: position.value }
    }
    return cachedAnswer(req, {
      ...articleRead(req, locale),
      compute: async () => {
        const slice = await findArticles({
          payload: req.payload,
          filters: {
            status: query.status,
            authorId: query.author_id,
            createdAfter: query.created_after,
            isPublishedOnly: !readsUnpublished(req.user),
          },
          order: { sort: query.sort, direction: query.order },
          page: { kind: 'keyset', limit: query.limit, after },
          include: query.include,
          read: locale.read,
        })
        const last = slice.records.at(-1)
        const records = await withImages(req.payload, slice.records, serverUrlOf(req), locale.read)
        const data = records.map((record) =>
          presentArticle(record, { include: query.include, fields: query.fields }),
        )
        const meta = {
          limit: query.limit,
          has_more: slice.hasMore ?? false,
          next_cursor:
            slice.hasMore && last
              ? encodeCursor({
                  sort: query.sort,
                  direction: query.order,
                  value: last.sort_value,
                  id: last.id,
                })
              : null,
        }
        return {
          body: { data, meta } satisfies z.infer<typeof articleListV2>,
          headers: { ...v2Headers, ...locale.headers },
          locale: locale.isDefault ? undefined : locale.locale,
          tags: articleAnswerTags(
            slice.records.map((record) => record.id),
            { isList: true },
          ),
        }
      },
    })
  },
})
