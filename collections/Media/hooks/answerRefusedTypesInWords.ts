import { ValidationError, type CollectionAfterErrorHook } from 'payload'

import { refusedTypeMessage } from '@/media/acceptedUploads'

/** How Payload's upload check names a refused type (`checkFileRestrictions`, Payload 3.90). */
const payloadsTypeRefusals = [
  /Invalid MIME type: ([\w.+-]+\/[\w.+-]+?)\.?(?:,|$)/,
  /File type ([\w.+-]+\/[\w.+-]+) \(from extension/,
]

/**
 * A file of a type the upload does not take (an SVG, a PDF) is refused by Payload with 400
 * "Invalid MIME type: image/svg+xml.", in its own words. The answer keeps Payload's shape (a
 * `ValidationError` of the `file` field, which the admin panel shows beside the upload area) and
 * says what was refused and what to upload instead, from the collection's own list of types and
 * the size limit: "SVG files are not accepted. Upload a PNG, JPEG, WebP, GIF or AVIF image, up to
 * 10 MB."
 */
export const answerRefusedTypesInWords: CollectionAfterErrorHook = ({ error, req, collection }) => {
  if (!(error instanceof ValidationError)) return
  const fileErrors = error.data.errors.filter((fieldError) => fieldError.path === 'file')
  const mimeType = fileErrors
    .flatMap((fieldError) =>
      payloadsTypeRefusals.map((pattern) => pattern.exec(fieldError.message)),
    )
    .find(Boolean)?.[1]
  const upload = collection.upload
  const maxBytes = req.payload.config.upload.limits?.fileSize
  if (!mimeType || typeof upload !== 'object' || !upload.mimeTypes || !maxBytes) return
  const message = refusedTypeMessage({ mimeType, mimeTypes: upload.mimeTypes, maxBytes })
  return {
    response: {
      errors: [
        {
          name: 'ValidationError',
          message,
          data: { collection: collection.slug, errors: [{ path: 'file', message }] },
        },
      ],
    },
    status: 400,
  }
}
