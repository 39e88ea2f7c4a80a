import { z } from 'zod'

import { articleStatuses } from '@/articles/status'
import { imageSchema } from '@/media/image'

const id = z.number().int()
const text = z.string().nullable()

/**
 * The fields of a search hit per collection (`searchTargets.ts` selects them), as the output
 * schemas of both search endpoints describe them. Articles name their publication date
 * differently in each API (`publishedAt`, v1 `published_at`), so each endpoint adds it.
 */
export const hitFields = {
  articles: {
    id,
    title: z.string(),
    slug: z.string(),
    excerpt: text,
    status: z.enum(articleStatuses),
    image: imageSchema.nullable().describe('The cover'),
  },
  products: {
    id,
    name: z.string(),
    slug: z.string(),
    description: text,
    price: z.number(),
    active: z.boolean(),
    image: imageSchema.nullable().describe('The first image of the gallery'),
  },
  pages: {
    id,
    title: z.string(),
    slug: z.string(),
    description: text,
    published: z.boolean(),
    image: imageSchema.nullable().describe('The cover'),
  },
}

/** When an article hit was published (ISO 8601), or null. */
export const hitPublishedAt = z.iso.datetime().nullable()

/** Where a hit matched (`src/search/query/presentHighlight.ts`), on every hit as `_highlight`. */
export const hitHighlight = z
  .object({
    field: z
      .enum(['title', 'description', 'body'])
      .describe('Where the words matched best: the title, the description (excerpt) or the body'),
    title: z.string().describe('The title as HTML: escaped, the matched words in `<mark>`'),
    snippet: z
      .string()
      .nullable()
      .describe('A short fragment of the description and body as HTML, matched words in `<mark>`'),
  })
  .meta({ id: 'SearchHighlight' })

/** How many documents match, per collection searched (`X-Search-Counts`: `name=count,...`). */
export const searchCountsHeader = z
  .string()
  .describe(
    'How many documents match per collection searched, `name=count` joined by commas (`posts=12,products=0,pages=1`)',
  )

/** `counts` as the `X-Search-Counts` header writes them. */
export const countsHeaderValue = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, count]) => `${name}=${count}`)
    .join(',')
