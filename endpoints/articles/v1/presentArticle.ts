import { z } from 'zod'

import type { ArticleInclude } from '@/articles/listQuery'
import type { ArticleWithImages } from '@/articles/operations/articleImages'
import { articleStatuses } from '@/articles/status'
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
    author: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
    tags: z
      .array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() }))
      .optional(),
  })
  .meta({ id: 'ArticleV1', description: 'An article; `author` and `tags` only with `include`' })
export type ArticleV1 = z.infer<typeof articleV1>

export function presentArticle(
  record: ArticleWithImages,
  include: readonly ArticleInclude[],
): ArticleV1 {
  return {
    id: record.id,
    title: record.title,
    slug: record.slug,
    excerpt: record.excerpt,
    body: (record.body as Record<string, unknown> | null) ?? null,
    status: record.status,
    author_id: record.author_id,
    tag_ids: record.tag_ids,
    cover: record.cover,
    published_at: record.published_at?.toISOString() ?? null,
    publish_at: record.publish_at?.toISOString() ?? null,
    unpublish_at: record.unpublish_at?.toISOString() ?? null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    ...(include.includes('author') && { author: record.author ?? null }),
    ...(include.includes('tags') && { tags: record.tags ?? [] }),
  }
}
