import type { PayloadRequest } from 'payload'

import { documentTag } from '@/answerCache/answerTags'
import type { CachedRead } from '@/answerCache/operations/cachedAnswer'
import { readsUnpublished } from '@/articles/visibility'
import { serverUrlOf } from '@/http/serverUrl'
import type { RequestLocale } from '@/http/requestLocale'

/** The collections an article's answer shows besides the article: a change to any drops it. */
const shownWithArticles = ['authors', 'tags', 'media']

/** The tags of an answer showing the articles `ids` (a list adds `articles`: any change may enter it). */
export const articleAnswerTags = (ids: readonly number[], options: { isList: boolean }) => [
  ...(options.isList ? ['articles'] : []),
  ...ids.map((id) => documentTag('articles', id)),
  ...shownWithArticles,
]

/** The tags of an answer showing comments of article `articleId`. */
export const commentAnswerTags = (articleId: number) => [
  documentTag('articles', articleId),
  'comments',
]

/**
 * How a read of the article API is cached: per audience (consumers and users without the editor
 * role see published content alike), locale and server address (the images' URLs).
 */
export function articleRead(
  req: PayloadRequest,
  locale: Pick<RequestLocale, 'locale' | 'read'> | undefined,
): Pick<CachedRead, 'audience' | 'variesBy'> {
  return {
    audience: readsUnpublished(req.user) ? 'editors' : 'public',
    variesBy: [
      locale ? `${locale.locale}:${locale.read.fallbackLocale ?? ''}` : '',
      serverUrlOf(req),
    ],
  }
}
