import { z } from 'zod'

import type { ArticleInclude } from '@/articles/listQuery'
import type { ArticleWithImages } from '@/articles/operations/articleImages'
import { articleStatuses } from '@/articles/status'
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

export function presentArticle(
  record: ArticleWithImages,
  options: { include: readonly ArticleInclude[]; fields?: readonly ArticleV2Field[] },
): ArticleV2 {
  const full: Record<ArticleV2Field, unknown> = {
    id: record.id,
    title: record.title,
    slug: record.slug,
    excerpt: record.excerpt,
    body: record.body ?? null,
    status: record.status,
    author_id: record.author_id,
    tag_ids: record.tag_ids,
    cover: record.cover,
    published_at: record.published_at?.toISOString() ?? null,
    publish_at: record.publish_at?.toISOString() ?? null,
    unpublish_at: record.unpublish_at?.toISOString() ?? null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  }
  const names = options.fields ? ['id' as const, ...options.fields] : articleV2Fields
  const article = Object.fromEntries(names.map((name) => [name, full[name]])) as ArticleV2
  if (options.include.includes('author')) article.author = record.author ?? null
  if (options.include.includes('tags')) article.tags = record.tags ?? []
  return article
}
