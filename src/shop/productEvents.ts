import { z } from 'zod'

import { exampleImage, imageSchema, type Image } from '@/media/image'
import { eventRecordId, localeFields, type EventText } from '@/webhooks/eventFields'

/* The `data` of the `product.*` events, their builder and the catalogue's examples. */

/** `data` of `product.created`, and of `product.updated` while the product is active. */
export const productEventData = z
  .strictObject({
    id: eventRecordId.describe("The product's id"),
    name: z
      .string()
      .describe('In the default locale (written in another locale only: the first that has one)'),
    slug: z.string().describe('The product\u2019s address on the site'),
    price: z.number().describe('In roubles'),
    stock: z.int().min(0).describe('Units in stock'),
    active: z.literal(true).describe('`true`: the product is on sale'),
    images: z.array(imageSchema).describe('The gallery, in its order'),
    ...localeFields,
  })
  .meta({ id: 'ProductEventData' })
export type ProductEventData = z.infer<typeof productEventData>

/** `data` of `product.updated` when the product was deactivated: what names it, nothing more. */
export const productDeactivatedEventData = z
  .strictObject({
    id: eventRecordId.describe("The product's id"),
    slug: z.string().describe('The slug it was sold under'),
    active: z.literal(false).describe('`false`: it was deactivated, consumers no longer read it'),
    ...localeFields,
  })
  .meta({ id: 'ProductDeactivatedEventData' })
export type ProductDeactivatedEventData = z.infer<typeof productDeactivatedEventData>

/**
 * `data` of `product.updated`: the product while active, what names it once deactivated (a
 * plain union: OpenAPI's discriminator takes string values only, and `active` tells them apart).
 */
export const productUpdatedEventData = z
  .union([productEventData, productDeactivatedEventData])
  .meta({ id: 'ProductUpdatedEventData' })
export type ProductUpdatedEventData = z.infer<typeof productUpdatedEventData>

/**
 * Payload of `product.created` and `product.updated`; `images` as the API shows them. Of an
 * inactive product (consumers cannot read it) only what names it.
 */
export function toProductEventData(
  product: {
    id: number
    slug: string
    price: number
    stock: number
    active?: boolean | null
  },
  images: Image[],
  languages: EventText<'name'>,
): ProductEventData | ProductDeactivatedEventData {
  const { locale, locales } = languages
  if (!product.active) return { id: product.id, slug: product.slug, active: false, locale, locales }
  return {
    id: product.id,
    name: languages.text.name ?? '',
    slug: product.slug,
    price: product.price,
    stock: product.stock,
    active: true,
    images,
    locale,
    locales,
  }
}

/** The example `data` of `product.created`. */
export const exampleProductEventData: ProductEventData = {
  id: 17,
  name: 'Linen shirt',
  slug: 'linen-shirt',
  price: 1245,
  stock: 12,
  active: true,
  images: [exampleImage],
  locale: 'en',
  locales: ['en'],
}

/** The example `data` of `product.updated`. */
export const exampleProductUpdatedEventData: ProductUpdatedEventData = {
  ...exampleProductEventData,
  stock: 11,
}
