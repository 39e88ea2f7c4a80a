import { z } from 'zod'

import type { ArticleInclude, ArticleRecord } from '@/articles/listQuery'
import { articleStatuses } from '@/articles/status'

/** An article in v1: snake_case fields, ISO 8601 timestamps, relations embedded on request. */
export const articleV1 = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    excerpt: z.string().nullable(),
    body: z.record(z.string(), z.unknown()).nullable().describe('Lexical editor state'),
    status: z.enum(articleStatuses),
    author_id: z.number().int(),
    tag_ids: z.array(z.number().int()),
    published_at: z.iso.datetime().nullable(),
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
  record: ArticleRecord,
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
    published_at: record.published_at?.toISOString() ?? null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    ...(include.includes('author') && { author: record.author ?? null }),
    ...(include.includes('tags') && { tags: record.tags ?? [] }),
  }
}
