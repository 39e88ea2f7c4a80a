/*
 * What an uploaded image becomes: the sizes a storefront shows, made by `sharp` when the image is
 * uploaded, in WebP. Each crops around the focal point an editor sets in the admin panel. A size
 * larger than the original is not made (no enlargement): its entry is then empty.
 */

const webp = { format: 'webp' as const, options: { quality: 80 } }

export const imageSizes = [
  { name: 'thumbnail', width: 320, height: 320, formatOptions: webp },
  { name: 'card', width: 768, height: 512, formatOptions: webp },
  { name: 'hero', width: 1600, formatOptions: webp },
] as const

export type ImageSizeName = (typeof imageSizes)[number]['name']

/**
 * The image types an editor may upload, in the order the upload area names them. SVG is not
 * among them: it can carry script.
 */
export const allowedImageTypes = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
]

/**
 * The most pixels an uploaded image may have: 50 megapixels (8660x5773, more than most
 * cameras). A larger one is refused before it is decoded (`refuseOversizedImages`).
 */
export const maxImagePixels = 50_000_000

/** A generated size's file name ends in `-<width>x<height>.<ext>`; an original's does not. */
export const isGeneratedSizeName = (filename: string) => /-\d+x\d+\.[a-z0-9]+$/i.test(filename)

/**
 * How long a browser or CDN may keep a file: a generated size for 30 days, an original for an
 * hour (editors replace originals; a size's name changes with its dimensions). Both carry an
 * `ETag`, so a revalidation costs a 304.
 */
export const cacheControlFor = (filename: string) =>
  isGeneratedSizeName(filename) ? 'public, max-age=2592000' : 'public, max-age=3600'

/** A strong entity tag of a file from its size and modification time. */
export const fileEntityTag = (size: number, modifiedMs: number) =>
  `"${size.toString(16)}-${Math.floor(modifiedMs).toString(16)}"`

/** Whether an `If-None-Match` header names `tag` (or is `*`). */
export function matchesEntityTag(ifNoneMatch: string | null, tag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === tag)
}
