import { z } from 'zod'

/** `meta` of a numbered page of a list (v1 lists, the webhook API). */
export const offsetPageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
})
export type OffsetPageMeta = z.infer<typeof offsetPageMeta>

/** The `meta` of page `page` of `perPage` rows, out of `total`. */
export function offsetPage(args: { page: number; perPage: number; total: number }): OffsetPageMeta {
  return {
    page: args.page,
    per_page: args.perPage,
    total: args.total,
    total_pages: Math.ceil(args.total / args.perPage),
  }
}
