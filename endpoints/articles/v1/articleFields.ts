import { z } from 'zod'

import type { ArticleInput } from '@/articles/operations/writeArticle'
import type { WritableFields, writeQuery } from '@/articles/contracts/v1/articleWrites'
import { badRequest } from '@/http/errors'

/**
 * How a v1 write is saved: as a draft with `?draft=true` or when it schedules a publication
 * (what will be published is this version, kept as a draft until then); otherwise to the article
 * itself. A draft cannot also be published now.
 */
export function toWriteMode(
  fields: WritableFields,
  query: { draft?: z.output<typeof writeQuery>['draft'] },
  locale: string,
) {
  const isDraft = query.draft === 'true' || Boolean(fields.publish_at)
  if (isDraft && fields.status === 'published') {
    throw badRequest(
      query.draft === 'true'
        ? 'status "published" with draft=true: a draft is not published; leave out draft=true to publish now'
        : 'status "published" with publish_at: publish now or at publish_at, not both',
      [{ field: 'status', message: 'cannot be published in a draft save' }],
    )
  }
  return {
    isDraft,
    locale,
    schedule: {
      ...(fields.publish_at !== undefined && {
        publishAt: fields.publish_at === null ? null : new Date(fields.publish_at),
      }),
      ...(fields.unpublish_at !== undefined && {
        unpublishAt: fields.unpublish_at === null ? null : new Date(fields.unpublish_at),
      }),
    },
  }
}

/** The v1 field names mapped to the operation's. */
export function toArticleInput(fields: WritableFields): Partial<ArticleInput> {
  return {
    ...(fields.title !== undefined && { title: fields.title }),
    ...(fields.slug !== undefined && { slug: fields.slug }),
    ...(fields.excerpt !== undefined && { excerpt: fields.excerpt }),
    ...(fields.body !== undefined && { body: fields.body }),
    ...(fields.status !== undefined && { status: fields.status }),
    ...(fields.author_id !== undefined && { authorId: fields.author_id }),
    ...(fields.tag_ids !== undefined && { tagIds: fields.tag_ids }),
    ...(fields.cover_id !== undefined && { coverId: fields.cover_id }),
    ...(fields.published_at !== undefined && { publishedAt: fields.published_at }),
  }
}
