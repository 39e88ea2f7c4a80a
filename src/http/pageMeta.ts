import { z } from 'zod'

/** `meta` of a numbered page of a list (v1 lists, the webhook API). */
export const offsetPageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
})
export type OffsetPageMeta = z.infer<typeof offsetPageMeta>

/** `meta` of a keyset page (`after_id`, `limit`): the v1 article list, a customer's orders. */
export const keysetPageMeta = z
  .object({
    limit: z.number().int(),
    has_more: z.boolean(),
    next_after_id: z.number().int().nullable(),
  })
  .meta({ id: 'KeysetPageMeta' })
export type KeysetPageMeta = z.infer<typeof keysetPageMeta>

/** A numbered page of records, as a list operation returns it. */
export type NumberedPage<T> = {
  /** The records on this page. */
  docs: T[]
  /** The page number, from 1. */
  page: number
  /** How many records a page holds. */
  perPage: number
  /** How many records match in all. */
  total: number
}

/** The numbered page of what Payload's `find` returned. */
export const numberedPage = <T>(result: {
  docs: T[]
  page?: number
  limit: number
  totalDocs: number
}): NumberedPage<T> => ({
  docs: result.docs,
  page: result.page ?? 1,
  perPage: result.limit,
  total: result.totalDocs,
})

/** The `meta` of page `page` of `perPage` rows, out of `total`. */
export function offsetPage(args: { page: number; perPage: number; total: number }): OffsetPageMeta {
  return {
    page: args.page,
    per_page: args.perPage,
    total: args.total,
    total_pages: Math.ceil(args.total / args.perPage),
  }
}
