import type { PayloadRequest } from 'payload'

import type { ArticleStatus } from '../status'

/** An article as written through the API, whatever the version's field names. */
export type ArticleInput = {
  title: string
  slug: string
  excerpt: string | null
  /** Lexical editor state. */
  body: Record<string, unknown> | null
  status: ArticleStatus
  authorId: number
  tagIds: number[]
  /** ISO 8601; stamped with the current time when published without one. */
  publishedAt: string | null
}

function toData(input: Partial<ArticleInput>) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.excerpt !== undefined && { excerpt: input.excerpt }),
    ...(input.body !== undefined && { body: input.body as never }),
    ...(input.status !== undefined && { _status: input.status }),
    ...(input.authorId !== undefined && { author: input.authorId }),
    ...(input.tagIds !== undefined && { tags: input.tagIds }),
    ...(input.publishedAt !== undefined && { publishedAt: input.publishedAt }),
  }
}

/**
 * Writes go through the Local API with the caller's rights, so that the collection's validation,
 * hooks (publication date, business events) and access apply exactly as in the admin panel, in
 * the request's transaction.
 */
export async function createArticle(req: PayloadRequest, input: ArticleInput): Promise<number> {
  const doc = await req.payload.create({
    collection: 'articles',
    data: toData(input) as Required<ReturnType<typeof toData>> & { title: string },
    req,
    overrideAccess: false,
    user: req.user,
    depth: 0,
  })
  return doc.id
}

/** Replaces every writable field: what the input leaves out is cleared. */
export async function replaceArticle(req: PayloadRequest, id: number, input: ArticleInput) {
  await updateArticle(req, id, input)
}

/** Changes the given fields only. */
export async function updateArticle(
  req: PayloadRequest,
  id: number,
  input: Partial<ArticleInput>,
): Promise<void> {
  await req.payload.update({
    collection: 'articles',
    id,
    data: toData(input),
    req,
    overrideAccess: false,
    user: req.user,
    depth: 0,
  })
}

export async function deleteArticle(req: PayloadRequest, id: number): Promise<void> {
  await req.payload.delete({
    collection: 'articles',
    id,
    req,
    overrideAccess: false,
    user: req.user,
    depth: 0,
  })
}
