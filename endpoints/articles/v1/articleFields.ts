import { z } from 'zod'

import type { ArticleInput } from '@/articles/operations/writeArticle'
import { recordId } from '@/http/ids'
import { articleV1 } from './presentArticle'
import { isoTimestamp } from '@/http/isoTimestamp'
import { slugPattern, slugRule } from '@/text/slug'
import { articleStatuses } from '@/articles/status'

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
  published_at: isoTimestamp.nullable(),
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
}

type WritableFields = {
  [Name in keyof typeof articleFields]?: z.output<(typeof articleFields)[Name]>
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
    ...(fields.published_at !== undefined && { publishedAt: fields.published_at }),
  }
}
