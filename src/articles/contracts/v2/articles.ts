import { z } from 'zod'

import { articleIncludes, articleSortFields } from '@/articles/listQuery'
import { articleStatuses } from '@/articles/status'
import { queryInteger, queryNameList } from '@/http/queryParams'
import { localeParams } from '@/http/requestLocale'
import { imageSchema } from '@/media/image'

/** Fields a v2 client may ask for with `fields=`; `id` always comes along. */
export const articleV2Fields = [
  'id',
  'title',
  'slug',
  'excerpt',
  'body',
  'status',
  'author_id',
  'tag_ids',
  'cover',
  'published_at',
  'publish_at',
  'unpublish_at',
  'created_at',
  'updated_at',
] as const
export type ArticleV2Field = (typeof articleV2Fields)[number]

/** An article in v2: v1's fields, each optional under a sparse fieldset; ISO 8601 timestamps. */
export const articleV2 = z
  .object({
    id: z.number().int(),
    title: z
      .string()
      .nullable()
      .describe(
        'In the locale answered; `null` only where that locale has none and nothing fills it (`fallback_locale=none`, or an article written in another locale only)',
      ),
    slug: z.string(),
    excerpt: z.string().nullable(),
    body: z.record(z.string(), z.unknown()).nullable(),
    status: z.enum(articleStatuses),
    author_id: z.number().int(),
    tag_ids: z.array(z.number().int()),
    cover: imageSchema.nullable(),
    published_at: z.iso.datetime().nullable(),
    publish_at: z.iso.datetime().nullable(),
    unpublish_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    tags: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  })
  .partial()
  .required({ id: true })
  .meta({
    id: 'ArticleV2',
    description: 'An article; only `id` and the `fields` asked for, `author`/`tags` with `include`',
  })
export type ArticleV2 = z.infer<typeof articleV2>

/**
 * Query of `GET /api/v2/articles`: v1's filters and order, cursor pages only (`cursor`, `limit`),
 * sparse fieldsets (`fields`), and `created_after` as any ISO 8601 date or date-time.
 */
export const listArticlesV2Query = z.object({
  status: z.enum(articleStatuses).optional(),
  author_id: queryInteger({ min: 1 }).optional(),
  created_after: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })])
    .transform((text) => new Date(text.length === 10 ? `${text}T00:00:00Z` : text))
    .optional(),
  sort: z.enum(articleSortFields).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  include: queryNameList(articleIncludes).default([]),
  fields: queryNameList(articleV2Fields).optional(),
  cursor: z.string().max(1000).optional(),
  limit: queryInteger({ min: 1, max: 100 }).default(20),
  ...localeParams,
})

/** `meta` of a v2 page: cursor pages only. */
export const articleListV2Meta = z.object({
  limit: z.number().int(),
  has_more: z.boolean(),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page'),
})

/** Answer of `GET /api/v2/articles`. */
export const articleListV2 = z.object({ data: z.array(articleV2), meta: articleListV2Meta })

/** Query of `GET /api/v2/articles/{id}`. */
export const readArticleV2Query = z.object({
  include: queryNameList(articleIncludes).default([]),
  fields: queryNameList(articleV2Fields).optional(),
  ...localeParams,
})

/** One article in v2: `{ data }`. */
export const articleDocumentV2 = z.object({ data: articleV2 })
