import type { CollectionAfterErrorHook } from 'payload'

import { megabytes } from '@/media/acceptedUploads'

/** Payload's own answer to a file over `upload.limits.fileSize` (its default `responseOnLimit`). */
const payloadsLimitMessage = 'File size limit has been reached'

/**
 * An image over `MEDIA_MAX_MEGABYTES` (Payload's `upload.limits.fileSize`, payload.config.ts) is
 * refused by Payload's multipart parser with 413 "File size limit has been reached", which does
 * not say how large an image may be. The answer stays 413 in Payload's shape,
 * `{ errors: [{ message }] }`, and names the limit, e.g. "The file is over the size limit: an
 * image may be at most 25 MB".
 */
export const answerOversizedUploadsWithTheLimit: CollectionAfterErrorHook = ({ error, req }) => {
  const upload = req.payload.config.upload
  const limit = upload.limits?.fileSize
  if (!limit || (error as { status?: unknown }).status !== 413) return
  if (error.message !== (upload.responseOnLimit ?? payloadsLimitMessage)) return
  return {
    response: {
      errors: [
        {
          message: `The file is over the size limit: an image may be at most ${megabytes(limit)}`,
        },
      ],
    },
    status: 413,
  }
}
