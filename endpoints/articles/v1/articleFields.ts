import { z } from 'zod'

import type { ArticleInput } from '@/articles/operations/writeArticle'
import { recordId } from '@/http/ids'
import { articleV1 } from './presentArticle'
import { isoTimestamp } from '@/http/isoTimestamp'
import { slugPattern, slugRule } from '@/text/slug'
import { articleStatuses } from '@/articles/status'
import { badRequest } from '@/http/errors'
import { localeParam } from '@/http/requestLocale'

/** A node of a Lexical document: an object with a `type`, and its own `children` if any. */
type LexicalNode = { type: string; children?: LexicalNode[]; [key: string]: unknown }
const lexicalNode: z.ZodType<LexicalNode> = z.lazy(() =>
  z
    .object({ type: z.string().min(1).max(100), children: z.array(lexicalNode).optional() })
    .loose()
    .meta({ id: 'LexicalNode' }),
)

/**
 * Lexical editor state, as the admin panel saves it: `{ root: { type: 'root', children } }`,
 * every child a node (the body's nesting is bounded by the JSON depth limit).
 */
const lexicalState = z
  .object({
    root: z.object({ type: z.literal('root'), children: z.array(lexicalNode) }).loose(),
  })
  .loose()

/** The writable fields of a v1 article and their rules. */
export const articleFields = {
  // Blank text trims to nothing: the reference asks for a non-blank character.
  title: z.string().trim().min(1).max(300).meta({ pattern: '\\S' }),
  slug: z.string().max(200).regex(slugPattern, `must be ${slugRule}`),
  excerpt: z.string().max(2000).nullable(),
  body: lexicalState.nullable(),
  status: z.enum(articleStatuses),
  author_id: recordId,
  tag_ids: z.array(recordId).max(100),
  cover_id: recordId.nullable().describe('The media id of the cover image; `null` removes it'),
  published_at: isoTimestamp.nullable(),
  publish_at: isoTimestamp
    .nullable()
    .describe(
      'Schedules the publication of this version (saved as a draft) at that time, in the future; `null` cancels a scheduled one',
    ),
  unpublish_at: isoTimestamp
    .nullable()
    .describe('Schedules the unpublication at that time, in the future; `null` cancels it'),
}

/**
 * Fields of the read representation that a client may send back unchanged (a GET body edited and
 * PUT back); they are ignored. Any other unknown field is a 400, so that a typo is not lost.
 */
export const readOnlyFields = {
  id: articleV1.shape.id.optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  author: articleV1.shape.author,
  tags: articleV1.shape.tags,
  cover: articleV1.shape.cover.optional(),
}

type WritableFields = {
  [Name in keyof typeof articleFields]?: z.output<(typeof articleFields)[Name]>
}

/** `?locale` on a write: the locale whose text is written (never `Accept-Language`). */
const writeLocale = localeParam(
  'The locale whose text (title, excerpt, body) this writes, one of `CONTENT_LOCALES`; left out, the default locale. The other locales\u2019 text stays as it is; everything else is shared by all locales. An unknown one is a 400 naming the configured ones',
)

/** Query of `POST /api/v1/articles`. */
export const createQuery = z.object({ locale: writeLocale })

/**
 * `?draft=true` on a write: save a draft beside the article instead of changing it; `?locale`:
 * the locale written.
 */
export const writeQuery = z.object({
  locale: writeLocale,
  draft: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      '`true`: save this as a draft beside the article (a new version, as autosave does); what the public reads stays as it is until published',
    ),
})

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
