import { z } from 'zod'

import { exampleImage, imageSchema, type Image } from '@/media/image'
import {
  eventRecordId,
  eventTimestamp,
  exampleTimes,
  idOf,
  localeFields,
  type EventText,
  type Relation,
} from '@/webhooks/eventFields'
import { articleStatuses, type ArticleStatus } from './status'

/* The `data` of the `article.*` events, their builders and the catalogue's examples. */

/** `data` of `article.created`, `article.updated` and `article.published`: the article without its body, as consumers read it. */
export const articleEventData = z
  .strictObject({
    id: eventRecordId.describe("The article's id (`GET /api/v1/articles/{id}`)"),
    title: z
      .string()
      .describe(
        'In the default locale (an article written in another locale only: the first that has one)',
      ),
    slug: z.string().describe('The article\u2019s address on the site'),
    status: z
      .enum(articleStatuses)
      .describe('`published`: an event announces an article consumers can read'),
    author_id: eventRecordId.nullable().describe("The author's user id; `null` when none"),
    cover: imageSchema.nullable().describe('The cover image, `null` when none'),
    published_at: eventTimestamp
      .nullable()
      .describe('When it was published (as editors set it); `null` when not recorded'),
    created_at: eventTimestamp.describe('When the article was created'),
    updated_at: eventTimestamp.describe('When it was last saved'),
    ...localeFields,
  })
  .meta({ id: 'ArticleEventData' })
export type ArticleEventData = z.infer<typeof articleEventData>

/** `data` of `article.unpublished` and `article.deleted`: what names the article, nothing more. */
export const articleRemovedEventData = z
  .strictObject({
    id: eventRecordId.describe("The article's id"),
    slug: z.string().describe('The slug it was published under'),
    removed_at: eventTimestamp.describe('When consumers stopped being able to read it'),
    ...localeFields,
  })
  .meta({ id: 'ArticleRemovedEventData' })
export type ArticleRemovedEventData = z.infer<typeof articleRemovedEventData>

/** Payload of the `article.*` events; `cover` as the API shows it, `title` the default locale's. */
export function toArticleEventData(
  doc: {
    id: number
    slug: string
    _status?: ArticleStatus | null
    author: Relation
    publishedAt?: string | null
    createdAt: string
    updatedAt: string
  },
  cover: Image | null,
  languages: EventText<'title'>,
): ArticleEventData {
  return {
    id: doc.id,
    title: languages.text.title ?? '',
    slug: doc.slug,
    status: doc._status ?? 'draft',
    author_id: idOf(doc.author),
    cover,
    published_at: doc.publishedAt ?? null,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    locale: languages.locale,
    locales: languages.locales,
  }
}

/**
 * Payload of `article.unpublished` and `article.deleted`: only what names the article (consumers
 * can no longer read it), with the slug it was published under and when it was `removedAt`.
 */
export function toArticleRemovedEventData(
  published: { id: number; slug: string },
  removedAt: Date,
  languages: Omit<EventText<never>, 'text'>,
): ArticleRemovedEventData {
  return {
    id: published.id,
    slug: published.slug,
    removed_at: removedAt.toISOString(),
    locale: languages.locale,
    locales: languages.locales,
  }
}

const { at, later } = exampleTimes

/** The example `data` of `article.created`, `article.updated` and `article.published`. */
export const exampleArticleEventData: ArticleEventData = {
  id: 42,
  title: 'Spring collection is here',
  slug: 'spring-collection-is-here',
  status: 'published',
  author_id: 7,
  cover: exampleImage,
  published_at: at,
  created_at: at,
  updated_at: later,
  locale: 'ru',
  locales: ['en', 'ru'],
}

/** The example `data` of `article.unpublished` and `article.deleted`. */
export const exampleArticleRemovedEventData: ArticleRemovedEventData = {
  id: 42,
  slug: 'spring-collection-is-here',
  removed_at: later,
  locale: 'en',
  locales: ['en', 'ru'],
}
