import { z } from 'zod'

import { articleIncludes, articleSortFields } from '@/articles/listQuery'
import { articleStatuses } from '@/articles/status'
import { keysetPageMeta, offsetPageMeta } from '@/http/pageMeta'
import { queryDate, queryInteger, queryNameList } from '@/http/queryParams'
import { localeParams } from '@/http/requestLocale'
import { imageSchema } from '@/media/image'

/** An article in v1: snake_case fields, ISO 8601 timestamps, relations embedded on request. */
export const articleV1 = z
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
    body: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        'Lexical editor state; an embedded image (`upload` node) carries the image with its URLs in `value`',
      ),
    status: z
      .enum(articleStatuses)
      .describe(
        '`published`: the public reads this version; `draft`: not public. A draft saved beside a published article does not change it',
      ),
    author_id: z.number().int(),
    tag_ids: z.array(z.number().int()),
    cover: imageSchema.nullable().describe('The cover image, `null` when none'),
    published_at: z.iso.datetime().nullable(),
    publish_at: z.iso
      .datetime()
      .nullable()
      .describe('When the latest draft is scheduled to be published, `null` when not'),
    unpublish_at: z.iso
      .datetime()
      .nullable()
      .describe('When the article is scheduled to be unpublished, `null` when not'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    review_stage: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Its review stage (`draft`, `in-review`, `approved` by default; `null` before it has one). Only to authors, editors and admins; read-only (ignored when sent back in a write; the admin panel and Payload\u2019s REST move it)',
      ),
    assignee_id: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        'The user it is assigned to, `null` when nobody. Only to authors, editors and admins; read-only',
      ),
    author: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
    tags: z
      .array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() }))
      .optional(),
  })
  .meta({
    id: 'ArticleV1',
    description:
      'An article; `author` and `tags` only with `include`; `review_stage` and `assignee_id` only to authors, editors and admins',
  })
export type ArticleV1 = z.infer<typeof articleV1>

/** The `{id}` path parameter as documented (anything else is answered 404). */
export const articleIdParams = z.object({ id: z.int().min(1).describe('The article id') })

/** Query of `GET /api/v1/articles/{id}`. */
export const readArticleQuery = z.object({
  include: queryNameList(articleIncludes).default([]),
  ...localeParams,
  draft: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      '`true` with editor credentials: the newest draft (autosaves included) instead of the published version; ignored for anyone else',
    ),
  preview_token: z
    .string()
    .max(200)
    .optional()
    .describe(
      "A preview link's token (the admin panel's Preview button makes one): the newest draft of this one article, until the token expires; an expired token, or one for another article, is 401",
    ),
})

/** One article: `{ data }`. */
export const articleDocumentV1 = z.object({ data: articleV1 })

const neverBoth =
  'Never together with the other kind: `page`/`per_page` (numbered) and `after_id`/`limit` ' +
  '(keyset) in one request is a 400.'

/**
 * Query of `GET /api/v1/articles`. Numbered pages (`page`, `per_page`) or keyset pages
 * (`after_id`, `limit`: used as soon as either is given), never both.
 */
export const listArticlesQuery = z
  .object({
    status: z.enum(articleStatuses).optional(),
    author_id: queryInteger({ min: 1 }).optional(),
    created_after: queryDate.optional().describe('YYYY-MM-DD: created on or after that day (UTC)'),
    sort: z.enum(articleSortFields).default('id'),
    order: z.enum(['asc', 'desc']).default('asc'),
    include: queryNameList(articleIncludes).default([]),
    ...localeParams,
    page: queryInteger({ min: 1 })
      .optional()
      .describe(`Numbered pages: the page, from 1 (default 1). ${neverBoth}`),
    per_page: queryInteger({ min: 1, max: 100 })
      .optional()
      .describe(`Numbered pages: rows a page (default 20). ${neverBoth}`),
    after_id: queryInteger({ min: 1 })
      .optional()
      .describe(`Keyset pages: rows after this id (\`meta.next_after_id\`). ${neverBoth}`),
    limit: queryInteger({ min: 1, max: 100 })
      .optional()
      .describe(`Keyset pages: rows a page (default 20). ${neverBoth}`),
  })
  .superRefine((query, context) => {
    const isKeyset = query.after_id !== undefined || query.limit !== undefined
    const isOffset = query.page !== undefined || query.per_page !== undefined
    if (isKeyset && isOffset) {
      context.addIssue({
        code: 'custom',
        path: ['after_id'],
        message: 'keyset (after_id, limit) and numbered pages (page, per_page) cannot be combined',
      })
    }
  })

/** `meta` of an article page: numbered or keyset, as the query asked. */
export const articleListMeta = z.union([offsetPageMeta, keysetPageMeta])

/** Answer of `GET /api/v1/articles`. */
export const articleListV1 = z.object({ data: z.array(articleV1), meta: articleListMeta })
