import { z } from 'zod'

import { imageSizes, type ImageSizeName } from './imageSizes'

/*
 * An image as the API, search and webhook payloads show it: absolute URLs of the original and of
 * each size that was made, with their dimensions and the alternative text.
 */

const sizeSchema = z.object({
  url: z.url().describe('The file of this size (WebP)'),
  width: z.int().positive().describe('In pixels'),
  height: z.int().positive().describe('In pixels'),
})

export const imageSchema = z
  .object({
    id: z.int().positive().describe("The image's id in the media library"),
    url: z.url().describe('The original file, as uploaded'),
    alt: z.string().describe('Its alternative text, for people who cannot see it'),
    width: z.int().positive().nullable().describe('Of the original, in pixels; `null` if unknown'),
    height: z.int().positive().nullable().describe('Of the original, in pixels; `null` if unknown'),
    sizes: z
      .object(
        Object.fromEntries(
          imageSizes.map((size) => [
            size.name,
            sizeSchema
              .optional()
              .describe(
                `The ${'height' in size ? `${size.width} \u00d7 ${size.height} px` : `${size.width} px wide`} size; absent when the original is smaller`,
              ),
          ]),
        ) as Record<ImageSizeName, z.ZodOptional<typeof sizeSchema>>,
      )
      .describe('The storefront sizes (WebP) that were made: none larger than the original'),
  })
  .meta({
    id: 'Image',
    description: 'An uploaded image: the original and its sizes, with absolute URLs',
  })
export type Image = z.infer<typeof imageSchema>

/** A row of the `media` table as `findImages` reads it. */
export type MediaRow = {
  id: number
  alt: string
  filename: string | null
  width: number | null
  height: number | null
  sizes: Partial<
    Record<ImageSizeName, { filename: string | null; width: number | null; height: number | null }>
  >
}

/** The public URL of a stored file: Payload serves `media` files at `/api/media/file/{name}`. */
export const mediaFileUrl = (serverUrl: string, filename: string) =>
  `${serverUrl}/api/media/file/${encodeURIComponent(filename)}`

/** `row` as the API shows it, its URLs under `serverUrl` (no trailing slash). */
export function presentImage(row: MediaRow, serverUrl: string): Image {
  const sizes: Image['sizes'] = {}
  for (const { name } of imageSizes) {
    const size = row.sizes[name]
    if (size?.filename && size.width && size.height) {
      sizes[name] = {
        url: mediaFileUrl(serverUrl, size.filename),
        width: size.width,
        height: size.height,
      }
    }
  }
  return {
    id: row.id,
    url: mediaFileUrl(serverUrl, row.filename ?? ''),
    alt: row.alt,
    width: row.width,
    height: row.height,
    sizes,
  }
}

/** An image as the API reference's and the event catalogue's examples show it. */
export const exampleImage: Image = {
  id: 5,
  url: 'https://shop.example/api/media/file/spring.jpg',
  alt: 'Linen shirts on a rail',
  width: 2400,
  height: 1600,
  sizes: {
    thumbnail: {
      url: 'https://shop.example/api/media/file/spring-320x320.webp',
      width: 320,
      height: 320,
    },
    card: {
      url: 'https://shop.example/api/media/file/spring-768x512.webp',
      width: 768,
      height: 512,
    },
    hero: {
      url: 'https://shop.example/api/media/file/spring-1600x1067.webp',
      width: 1600,
      height: 1067,
    },
  },
}
