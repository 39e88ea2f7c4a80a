import { z } from 'zod'

import { offsetPageMeta } from '@/http/pageMeta'

/** Paging of list endpoints, as in the v1 lists. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
})

/** `meta` of a paged list. */
export const pageMeta = offsetPageMeta
/** `meta` of a paged list: the page, its size, the rows and pages in all. */
export type PageMeta = z.infer<typeof pageMeta>

/** A paged list answer of `item`s: `{ data, meta }`. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), meta: pageMeta })
/** A paged list answer of `Item`s, as `pageOf` describes it. */
export type Paged<Item> = z.infer<ReturnType<typeof pageOf<z.ZodType<Item>>>>
