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
