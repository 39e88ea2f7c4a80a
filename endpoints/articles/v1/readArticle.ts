import { z } from 'zod'
import type { PayloadRequest } from 'payload'

import { defineEndpoint } from '@/http/defineEndpoint'
import { findArticle, findArticleDraft } from '@/articles/operations/findArticles'
import { withImages } from '@/articles/operations/articleImages'
import type { ArticleInclude } from '@/articles/listQuery'
import { checkPreviewToken } from '@/articles/previewToken'
import { readsUnpublished } from '@/articles/visibility'
import { hasWriterRole } from '@/identity/roles'
import { configOf } from '@/config/appConfig'
import { cachedAnswer } from '@/answerCache/operations/cachedAnswer'
import { articleAnswerTags, articleRead } from '../articleAnswers'
import { notFound, unauthorized } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { queryObject } from '@/http/queryParams'
import { serverUrlOf } from '@/http/serverUrl'
import { requestLocale } from '@/http/requestLocale'
import type { TextLocale } from '@/db/localizedText'
import { conditionalGet } from '@/openapi/common'
import {
  articleDocumentV1,
  articleIdParams,
  readArticleQuery,
} from '@/articles/contracts/v1/articles'
import { articleIdFrom } from './articleId'
import { presentArticle } from './presentArticle'

/** The article as the API shows it: its row, or with `isDraft` its newest draft. */
async function shownArticle(
  req: PayloadRequest,
  id: number,
  options: {
    isDraft: boolean
    isPublishedOnly: boolean
    include: readonly ArticleInclude[]
    read: TextLocale
  },
) {
  const record = options.isDraft
    ? await findArticleDraft({
        payload: req.payload,
        id,
        include: options.include,
        read: options.read,
      })
    : await findArticle({
        payload: req.payload,
        id,
        isPublishedOnly: options.isPublishedOnly,
        include: options.include,
        read: options.read,
      })
  if (!record) return undefined
  const [shown] = await withImages(req.payload, [record], serverUrlOf(req), options.read)
  return presentArticle(shown!, options.include, { showsReview: hasWriterRole(req.user) })
}

/**
 * The article as a write left it, for the write's answer: the draft when it saved one, in the
 * locale it wrote.
 */
export async function readBack(
  req: PayloadRequest,
  id: number,
  isDraft: boolean,
  read: TextLocale,
) {
  const shown = await shownArticle(req, id, { isDraft, isPublishedOnly: false, include: [], read })
  if (!shown) throw notFound(`Article ${id} not found`)
  return shown
}

export const readArticleEndpoint = defineEndpoint({
  path: '/v1/articles/:id',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  openapi: {
    operationId: 'readArticleV1',
    summary: 'Read an article',
    description:
      'The published version; a draft article is 404 to callers without the editor role. ' +
      'Editors read the newest draft with `draft=true`; a storefront shows an editor a draft ' +
      'with the preview link\u2019s `preview_token` (its own credentials still required). The ' +
      'text is in the locale asked for (`locale`, else `Accept-Language`, else the default).',
    tags: ['Articles'],
    params: articleIdParams,
    query: readArticleQuery,
    ...conditionalGet(
      { description: 'The article', schema: articleDocumentV1 },
      { mayBeDraft: true, isLocalized: true },
    ),
    errors: ['bad_request', 'unauthorized', 'not_found'],
  },
  handler: async (req) => {
    const id = articleIdFrom(req)
    const query = parseInput(readArticleQuery, queryObject(req.searchParams))
    const locale = requestLocale(req, query)
    let isDraft = query.draft === 'true' && readsUnpublished(req.user)
    if (query.preview_token !== undefined) {
      const check = checkPreviewToken(
        configOf(req.payload).identity.payloadSecret,
        query.preview_token,
        id,
        new Date(),
      )
      if (!check.isValid) throw unauthorized(check.reason)
      isDraft = true
    }
    // A draft is nobody's to keep: not in this cache, not in a shared one, not in the browser's.
    return cachedAnswer(req, {
      ...articleRead(req, locale),
      isBypassed: isDraft,
      isNoStore: isDraft,
      compute: async () => {
        const data = await shownArticle(req, id, {
          isDraft,
          isPublishedOnly: !readsUnpublished(req.user),
          include: query.include,
          read: locale.read,
        })
        if (!data) throw notFound(`Article ${id} not found`)
        return {
          body: { data } satisfies z.infer<typeof articleDocumentV1>,
          headers: locale.headers,
          locale: locale.isDefault ? undefined : locale.locale,
          tags: articleAnswerTags([id], { isList: false }),
        }
      },
    })
  },
})
