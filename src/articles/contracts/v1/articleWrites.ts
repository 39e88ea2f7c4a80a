import { z } from 'zod'

import { articleStatuses } from '@/articles/status'
import { recordId } from '@/http/ids'
import { isoTimestamp } from '@/http/isoTimestamp'
import { localeParam } from '@/http/requestLocale'
import { slugPattern, slugRule } from '@/text/slug'
import { articleV1 } from './articles'

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
  review_stage: articleV1.shape.review_stage,
  assignee_id: articleV1.shape.assignee_id,
}

/** The writable fields a write's body carries, as validated. */
export type WritableFields = {
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

/** Body of `POST /api/v1/articles`: title, slug and author are required. */
export const createArticleBody = z.strictObject({
  ...readOnlyFields,
  title: articleFields.title,
  slug: articleFields.slug,
  author_id: articleFields.author_id,
  status: articleFields.status.default('draft'),
  excerpt: articleFields.excerpt.default(null),
  body: articleFields.body.default(null),
  tag_ids: articleFields.tag_ids.default([]),
  cover_id: articleFields.cover_id.default(null),
  published_at: articleFields.published_at.default(null),
  publish_at: articleFields.publish_at.optional(),
  unpublish_at: articleFields.unpublish_at.optional(),
})

/**
 * Body of `PUT /api/v1/articles/{id}`: the whole article. Title, slug, status and author are
 * required; an optional field left out is cleared.
 */
export const replaceArticleBody = z.strictObject({
  ...readOnlyFields,
  title: articleFields.title,
  slug: articleFields.slug,
  status: articleFields.status,
  author_id: articleFields.author_id,
  excerpt: articleFields.excerpt.default(null),
  body: articleFields.body.default(null),
  tag_ids: articleFields.tag_ids.default([]),
  cover_id: articleFields.cover_id.default(null),
  published_at: articleFields.published_at.default(null),
  publish_at: articleFields.publish_at.optional(),
  unpublish_at: articleFields.unpublish_at.optional(),
})

/** Body of `PATCH /api/v1/articles/{id}`: any writable fields; the others stay as they are. */
export const updateArticleBody = z.strictObject({
  ...readOnlyFields,
  title: articleFields.title.optional(),
  slug: articleFields.slug.optional(),
  status: articleFields.status.optional(),
  author_id: articleFields.author_id.optional(),
  excerpt: articleFields.excerpt.optional(),
  body: articleFields.body.optional(),
  tag_ids: articleFields.tag_ids.optional(),
  cover_id: articleFields.cover_id.optional(),
  published_at: articleFields.published_at.optional(),
  publish_at: articleFields.publish_at.optional(),
  unpublish_at: articleFields.unpublish_at.optional(),
})
