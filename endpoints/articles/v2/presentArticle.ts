import type { ArticleInclude } from '@/articles/listQuery'
import type { ArticleWithImages } from '@/articles/operations/articleImages'
import {
  articleV2Fields,
  type ArticleV2,
  type ArticleV2Field,
} from '@/articles/contracts/v2/articles'

/** `record` in v2: the `fields` asked for (all when none), the relations `include` asks for. */
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
