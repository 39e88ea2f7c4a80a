import type { Payload } from 'payload'

import { acceptedUploadsText } from '@/media/acceptedUploads'

/**
 * Beside the upload area's buttons, before a file is chosen: which files the collection takes
 * and how large, e.g. "PNG, JPEG, WebP, GIF or AVIF, up to 10 MB", from the collection's list of
 * types and the app's size limit (`MEDIA_MAX_MEGABYTES`), the ones the upload is checked against.
 */
export function AcceptedUploads({ payload }: { payload: Payload }) {
  const upload = payload.collections.media?.config.upload
  const maxBytes = payload.config.upload.limits?.fileSize
  if (!upload?.mimeTypes?.length || !maxBytes) return null
  return (
    <p className="accepted-uploads" style={{ margin: 0, color: 'var(--theme-elevation-800)' }}>
      Accepted: {acceptedUploadsText({ mimeTypes: upload.mimeTypes, maxBytes })}
    </p>
  )
}
