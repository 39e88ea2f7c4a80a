import type { ArticleInclude } from '@/articles/listQuery'
import type { ArticleWithImages } from '@/articles/operations/articleImages'
import type { ArticleV1 } from '@/articles/contracts/v1/articles'

/**
 * `record` as v1 shows it, with the relations `include` asks for; with `showsReview` (the people
 * who write content: authors, editors, admins) its review stage and assignee too.
 */
export function presentArticle(
  record: ArticleWithImages,
  include: readonly ArticleInclude[],
  { showsReview }: { showsReview: boolean },
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
    ...(showsReview && {
      review_stage: record.review_stage ?? null,
      assignee_id: record.assignee_id ?? null,
    }),
    ...(include.includes('author') && { author: record.author ?? null }),
    ...(include.includes('tags') && { tags: record.tags ?? [] }),
  }
}
