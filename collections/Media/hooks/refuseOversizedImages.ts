import { APIError, type CollectionBeforeOperationHook } from 'payload'
import sharp from 'sharp'

import { maxImagePixels } from '@/media/imageSizes'

/**
 * An upload whose image has more pixels than `maxImagePixels` is refused with 400 before sharp
 * decodes it: a file of a few kilobytes can declare 100 megapixels (a flat colour compresses to
 * almost nothing) and decoding and resizing it costs seconds of CPU and hundreds of megabytes,
 * well under the size limit. Only the header is read here. What is not an image is left to
 * Payload's own type check.
 */
export const refuseOversizedImages: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  if (operation !== 'create' && operation !== 'update') return args
  const file = req.file
  if (!file) return args
  const source = file.data?.length ? file.data : file.tempFilePath
  if (!source) return args
  const { width, height } = await sharp(source)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }))
  if (width && height && width * height > maxImagePixels) {
    const megapixels = (value: number) => Math.round(value / 1_000_000)
    throw new APIError(
      `The image is ${width}x${height} pixels (${megapixels(width * height)} megapixels); ` +
        `at most ${megapixels(maxImagePixels)} megapixels are accepted`,
      400,
    )
  }
  return args
}
